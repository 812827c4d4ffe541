package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers closed at any moment of their first three seconds exit cleanly: stdin closed or SIGTERM, before,
 * during or after the store opens and the embedding model loads (in native code, which crashed a JVM that
 * exited beneath it). Every exit code is the clean one, stderr shows no crash and no {@code hs_err_pid*.log}
 * appears in the servers' working directory.
 */
class QuickExitIT {

    private static final int SERVERS = 50;
    private static final int AT_ONCE = 2;
    private static final long CLOSE_WITHIN_MILLIS = 3_000;
    private static final int EXIT_ON_SIGTERM = 128 + 15;

    @TempDir
    Path dir;

    /** How one server was started and closed, and how it ended. */
    private record Outcome(int index, boolean signal, boolean search, long closedAtMillis, int exitCode,
            String stderr) {

        int expectedExit() {
            return signal ? EXIT_ON_SIGTERM : 0;
        }

        @Override
        public String toString() {
            return "server " + index + " (" + (signal ? "SIGTERM" : "stdin closed") + " at " + closedAtMillis + " ms"
                    + (search ? ", after a search" : "") + ") exited " + exitCode + "; stderr:\n" + stderr;
        }
    }

    @Test
    void fiftyServersClosedInTheirFirstThreeSecondsAllExitCleanly() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path home = dir.resolve("home");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<Future<Outcome>> running = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
        try {
            for (int i = 0; i < SERVERS; i++) {
                int index = i;
                boolean search = random.nextBoolean();
                long closeAt = random.nextLong(CLOSE_WITHIN_MILLIS);
                running.add(pool.submit(() -> serve(work, home, index, index % 2 == 1, search, closeAt)));
            }
            for (Future<Outcome> future : running) {
                Outcome outcome = future.get(ColonyJar.TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
                assertThat(outcome.stderr()).as("seed %s: %s", seed, outcome).doesNotContain("fatal error")
                        .doesNotContain("SIGSEGV").doesNotContain("SIGBUS").doesNotContain("hs_err");
                assertThat(outcome.exitCode()).as("seed %s: %s", seed, outcome).isEqualTo(outcome.expectedExit());
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> files = Files.list(work)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .as("seed %s: crash reports in the working directory", seed)
                    .noneMatch(name -> name.startsWith("hs_err"));
        }
    }

    /**
     * Starts a server in {@code work}, sends the handshake (and a search, which waits for the model), and
     * {@code closeAt} ms after the start closes stdin or sends SIGTERM; waits for the exit.
     */
    private static Outcome serve(Path work, Path home, int index, boolean signal, boolean search, long closeAt)
            throws IOException, InterruptedException {
        Path stderr = work.resolve("stderr-" + index + ".txt");
        long started = System.nanoTime();
        Process process = ColonyJar.builder(Map.of("COLONY_HOME", home.toString()), "--user", "quick",
                "--agent", "quick-" + index).directory(work.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        OutputStream stdin = process.getOutputStream();
        StringBuilder messages = new StringBuilder()
                .append("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":")
                .append("\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"quick\",\"version\":\"0\"}}}\n")
                .append("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        if (search) {
            messages.append("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":")
                    .append("\"memory_search\",\"arguments\":{\"query\":\"deploy checklist\"}}}\n");
        }
        try {
            stdin.write(messages.toString().getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException gone) {
            // The server is not reading yet or has gone; it is closed below either way.
        }
        long left = closeAt - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        if (left > 0) {
            Thread.sleep(left);
        }
        if (signal) {
            process.destroy();
        } else {
            try {
                stdin.close();
            } catch (IOException gone) {
                // Closed either way.
            }
        }
        boolean exited = process.waitFor(ColonyJar.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        return new Outcome(index, signal, search, closeAt, exited ? process.exitValue() : -1,
                Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
