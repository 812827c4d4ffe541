package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code colony view}: serves the page of an existing store, prints its address with the token on stderr only
 * (stdout stays empty), answers with the user's data, and stops when interrupted; on a missing store it says so.
 */
class ViewCommandTest {

    private static final Pattern ADDRESS = Pattern.compile("http://127\\.0\\.0\\.1:\\d+/\\?token=[A-Za-z0-9_-]+");

    @TempDir
    Path dir;

    @Test
    void itServesTheStoreAndPrintsTheAddressOnStderrOnly() throws Exception {
        Path db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor()).tasks()
                    .open("/work/shop", "feature/cart");
        }
        StringWriter out = new StringWriter();
        CompletableFuture<String> address = new CompletableFuture<>();
        StringBuilder err = new StringBuilder();
        Writer errWriter = new Writer() {
            @Override
            public void write(char[] chars, int offset, int length) {
                synchronized (err) {
                    err.append(chars, offset, length);
                    Matcher found = ADDRESS.matcher(err);
                    if (found.find()) {
                        address.complete(found.group());
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        CommandLine line = ColonyCli.commandLine(new ColonyCli(Map.of("COLONY_HOME", dir.resolve("home").toString()),
                new Properties()));
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(errWriter));
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        Thread running = new Thread(() -> exit.complete(line.execute(List.of("view", "--db", db.toString(), "--user",
                "alice").toArray(String[]::new))), "colony-view-command");
        running.start();
        try {
            URI page = URI.create(address.get(60, TimeUnit.SECONDS));
            HttpResponse<String> lanes = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    page.resolve("/api/lanes?" + page.getQuery())).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(lanes.statusCode()).isEqualTo(200);
            assertThat(lanes.body()).contains("\"user\":\"alice\"").contains("\"agent\":\"codex\"")
                    .contains("feature/cart");
            assertThat(out.toString()).isEmpty();
        } finally {
            running.interrupt();
        }
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aMissingStoreIsNamedAndNotCreated() {
        Path db = dir.resolve("none.db");
        CliRun run = CliRun.of(dir, db, "view", "--port", "0");

        assertThat(run.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(run.err()).contains("no Colony store at " + db);
        assertThat(db).doesNotExist();
        assertThat(CliRun.of(dir, dir.resolve("colony.db"), "view", "--port", "70000").err()).contains("port");
    }
}
