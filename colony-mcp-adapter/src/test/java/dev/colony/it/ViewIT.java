package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colony view} from the jar, against a store that other processes write: it prints the page's address on
 * stderr only, serves the page and the reads, and pushes a change event when another process writes.
 */
class ViewIT {

    private static final Pattern ADDRESS = Pattern.compile("http://127\\.0\\.0\\.1:\\d+/\\?token=[A-Za-z0-9_-]+");

    @TempDir
    Path dir;

    @Test
    void theJarServesALivePageOfTheStore() throws Exception {
        Map<String, String> env = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "dana");
        String db = dir.resolve("home").resolve("colony.db").toString();
        ColonyJar.Result demo = ColonyJar.run(dir, env, "demo", "--db", db);
        assertThat(demo.exitCode()).as(demo.stderr()).isZero();

        Path stdout = dir.resolve("view.out");
        Process view = ColonyJar.builder(env, "view", "--db", db).redirectOutput(stdout.toFile()).start();
        try {
            CompletableFuture<String> address = new CompletableFuture<>();
            Thread stderr = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(view.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        Matcher found = ADDRESS.matcher(line);
                        if (found.find()) {
                            address.complete(found.group());
                        }
                    }
                } catch (java.io.IOException e) {
                    address.completeExceptionally(e);
                }
            }, "view-stderr");
            stderr.setDaemon(true);
            stderr.start();
            URI page = URI.create(address.get(ColonyJar.TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

            long start = System.nanoTime();
            assertThat(http.send(HttpRequest.newBuilder(page).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode()).isEqualTo(200);
            for (String read : List.of("lanes", "inbox", "plans", "claims", "runs", "feed")) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(page.resolve("/api/" + read + "?"
                        + page.getQuery())).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(read + ": " + response.body()).isEqualTo(200);
            }
            System.out.println("page and its six reads from the jar: "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            String claims = http.send(HttpRequest.newBuilder(page.resolve("/api/claims?" + page.getQuery())).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(claims).contains("auth/TokenSigner.java");

            HttpResponse<java.io.InputStream> events = http.send(HttpRequest.newBuilder(page.resolve("/events?"
                    + page.getQuery())).build(), HttpResponse.BodyHandlers.ofInputStream());
            BlockingQueue<Long> changes = new LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(events.body(),
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        if (line.startsWith("data: {\"topics\"")) {
                            changes.add(System.currentTimeMillis());
                        }
                    }
                } catch (java.io.IOException e) {
                    // the view stopped
                }
            }, "view-events");
            reader.setDaemon(true);
            reader.start();
            assertThat(changes.poll(10, TimeUnit.SECONDS)).as("the baseline event").isNotNull();
            changes.clear();

            String hits = http.send(HttpRequest.newBuilder(page.resolve("/api/search?q=tokens&" + page.getQuery()))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher hit = Pattern.compile("\"id\":(\\d+)").matcher(hits);
            assertThat(hit.find()).as(hits).isTrue();
            ColonyJar.Result forget = ColonyJar.run(dir, env, "forget", hit.group(1), "--db", db);
            long written = System.currentTimeMillis();
            assertThat(forget.exitCode()).as(forget.stderr()).isZero();
            // Events sent while the other process wrote are in the queue already; else one must come within 2 s.
            Long pushed = changes.poll(Math.max(0, written + 2_000 - System.currentTimeMillis()),
                    TimeUnit.MILLISECONDS);
            assertThat(pushed).as("a change event after another process wrote").isNotNull();
            assertThat(Files.readString(stdout)).as("stdout stays clean").isEmpty();
        } finally {
            view.destroy();
            assertThat(view.waitFor(30, TimeUnit.SECONDS)).as("the view stops on a signal").isTrue();
        }
    }
}
