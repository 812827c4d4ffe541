package dev.colony.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.core.Colony;
import dev.colony.hook.client.HookRequest;
import dev.colony.hook.client.HookSpool;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hooks handed to a running server through the store's spool: served there when a server serves the
 * store, taken over by a second server when the first stops, done by the hook itself when none does or
 * its heartbeat stopped; leftovers swept; a request naming another store refused.
 */
class HookServerTest {

    @TempDir
    Path dir;

    private Path db;
    private Path repo;
    private LaunchSettings settings;

    @BeforeEach
    void store() throws Exception {
        db = dir.resolve("colony.db");
        repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature/spool\n", StandardCharsets.UTF_8);
        settings = LaunchSettings.resolve(db.toString(), null, "alice", "claude-code", null, Map.of(),
                System.getProperties());
    }

    private String payload(String session, String file) {
        return "{\"session_id\":\"" + session + "\",\"cwd\":\"" + repo + "\",\"tool_name\":\"Edit\","
                + "\"tool_input\":{\"file_path\":\"" + repo.resolve(file) + "\"}}";
    }

    private String hook(String agent, String session, String file) {
        String payload = payload(session, file);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = HookMain.run(new String[] {"pre-tool-use", "--db", db.toString(), "--user", "alice", "--agent",
                agent}, new ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                new PrintWriter(err), Map.of(), System.getProperties());
        assertThat(exit).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void theServingServerAnswersTheHooksOfItsStoreAndASecondTakesOverWhenItStops() throws Exception {
        try (Colony colony = EmbeddedColony.open(settings)) {
            HookServer first = HookServer.start(colony, settings).orElseThrow();
            HookServer second = HookServer.start(colony, settings).orElseThrow();
            try {
                assertThat(first.serving()).isTrue();
                assertThat(second.serving()).as("one server per store serves").isFalse();

                assertThat(hook("claude-code", "claude-spool", "src/A.java")).isEmpty();
                String warning = hook("codex", "codex-spool", "src/A.java");

                assertThat(first.served()).isEqualTo(2);
                assertThat(warning).contains("\"hookEventName\":\"PreToolUse\"").contains("claude-spool");

                first.close();
                await(second::serving);
                assertThat(hook("codex", "codex-spool", "src/A.java")).contains("claude-spool");
                assertThat(second.served()).isEqualTo(1);
            } finally {
                first.close();
                second.close();
            }
            assertThat(second.spool().file(HookSpool.ALIVE)).as("no heartbeat once stopped").doesNotExist();
            assertThat(hook("codex", "codex-spool", "src/A.java")).as("done by the hook itself")
                    .contains("claude-spool");
            assertThat(pending(second.spool())).isEmpty();
        }
    }

    @Test
    void aHeartbeatThatStoppedIsNotBelievedAndNothingIsLeftInTheSpool() throws Exception {
        HookSpool spool = HookSpool.of(settings.location().key(), System.getProperty("user.name"),
                System.getProperty("java.io.tmpdir"));
        spool.prepare();
        File alive = spool.file(HookSpool.ALIVE);
        alive.createNewFile();
        alive.setLastModified(System.currentTimeMillis() - 10 * HookSpool.ALIVE_WITHIN_MILLIS);
        try {
            assertThat(hook("claude-code", "claude-dead", "src/B.java")).isEmpty();
            assertThat(hook("codex", "codex-dead", "src/B.java")).as("the claim was made by the hook itself")
                    .contains("claude-dead");
            assertThat(pending(spool)).as("no request handed to a dead server").isEmpty();
        } finally {
            alive.delete();
        }
    }

    @Test
    void leftoversOfDeadHooksAreSweptAndARequestForAnotherStoreIsRefused() throws Exception {
        HookSpool spool = HookSpool.of(settings.location().key(), System.getProperty("user.name"),
                System.getProperty("java.io.tmpdir"));
        spool.prepare();
        File leftover = spool.file("deadhook" + HookSpool.ANSWER);
        Files.writeString(leftover.toPath(), "0\n");
        leftover.setLastModified(System.currentTimeMillis() - 2 * HookServer.STALE_MILLIS);
        try (Colony colony = EmbeddedColony.open(settings);
                HookServer server = HookServer.start(colony, settings).orElseThrow()) {
            await(() -> !leftover.exists());

            HookRequest otherStore = new HookRequest("/elsewhere/colony.db", "pre-tool-use", Map.of(), Map.of(),
                    System.getProperties(), payload("codex-x", "src/C.java").getBytes(StandardCharsets.UTF_8));
            assertThat(server.answer(otherStore).exit()).isEqualTo(HookMain.EXIT_FAILURE);
            assertThat(server.served()).isZero();
        }
    }

    /** What a hook left in the spool: requests and answers, not the server's own files. */
    private static List<String> pending(HookSpool spool) {
        String[] names = spool.directory().toFile().list((d, name) -> !name.startsWith("server."));
        return names == null ? List.of() : List.of(names);
    }

    /** Waits, for at most ten seconds, until {@code condition} holds: the server's loop runs on its own thread. */
    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited too long").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
