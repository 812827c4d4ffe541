package dev.colony.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.UserId;
import dev.colony.core.Colony;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write by another JVM reaches an open page: the view's event stream sends a {@code change} event naming the
 * claims and the memory topics within two seconds of the other process's commit, and the reads then show it.
 */
class LiveViewTest {

    @TempDir
    Path dir;

    @Test
    void aWriteByAnotherProcessIsPushedWithinTwoSeconds() throws Exception {
        try (Colony colony = ViewFixture.open(dir)) {
            ViewFixture.fill(colony, false);
            try (ColonyView view = ColonyView.start(colony, UserId.of("alice"), 0)) {
                String token = view.address().getQuery().substring("token=".length());
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                HttpResponse<java.io.InputStream> stream = http.send(HttpRequest.newBuilder(URI.create(
                        "http://127.0.0.1:" + view.port() + "/events?token=" + token)).build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                assertThat(stream.statusCode()).isEqualTo(200);
                BlockingQueue<String> events = new LinkedBlockingQueue<>();
                Thread reader = new Thread(() -> {
                    try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream.body(),
                            StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = lines.readLine()) != null) {
                            if (line.startsWith("data: {\"topics\"")) {
                                events.add(System.currentTimeMillis() + " " + line);
                            }
                        }
                    } catch (java.io.IOException e) {
                        // the stream closes with the view
                    }
                }, "sse-reader");
                reader.setDaemon(true);
                reader.start();
                // The first event after a page connects names every topic (a fresh baseline); wait it out.
                assertThat(events.poll(10, TimeUnit.SECONDS)).as("the baseline event").isNotNull();

                Path out = dir.resolve("writer.out");
                List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
                        "java").toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                        System.getProperty("java.class.path"), StoreWriterProcess.class.getName(),
                        dir.resolve("colony.db").toString()));
                Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                        .start();
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
                List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
                assertThat(child.exitValue()).as(String.join("\n", printed)).isZero();
                long written = printed.stream().map(String::strip).filter(line -> line.matches("\\d{13}"))
                        .mapToLong(Long::parseLong).max().orElseThrow();

                List<String> seen = new ArrayList<>();
                long deadline = written + Duration.ofSeconds(2).toMillis();
                while (seen.stream().noneMatch(e -> e.contains("claims")) || seen.stream()
                        .noneMatch(e -> e.contains("memory"))) {
                    String event = events.poll(Math.max(0, deadline - System.currentTimeMillis()),
                            TimeUnit.MILLISECONDS);
                    assertThat(event).as("change events within 2 s of the write; seen " + seen).isNotNull();
                    seen.add(event);
                }
                long latency = Long.parseLong(seen.get(seen.size() - 1).split(" ")[0]) - written;
                System.out.println("view event latency after another process's write: " + latency + " ms");
                assertThat(latency).isLessThan(2_000);
                HttpResponse<String> claims = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + view.port() + "/api/claims?token=" + token)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(claims.body()).contains("src/live/Written.java");
            }
        }
    }
}
