package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.spi.storage.StoredVector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A second JVM running {@link SqliteAgentProcess} on the same store, driven through its standard input and
 * output with bounded waits; for the tests that need two real processes on one store and index.
 */
final class ChildAgent implements AutoCloseable {

    private static final long ANSWER_TIMEOUT_SECONDS = 60;

    private final Process process;
    private final PrintStream commands;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final Path stderr;

    private ChildAgent(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.commands = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        Thread pump = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    answers.add(line);
                }
            } catch (IOException closed) {
                answers.add("ERROR stdout closed: " + closed.getMessage());
            }
        }, "child-stdout");
        pump.setDaemon(true);
        pump.start();
    }

    static ChildAgent start(Path database, Path stderr) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                SqliteAgentProcess.class.getName(), database.toString())
                .redirectError(stderr.toFile())
                .start();
        ChildAgent child = new ChildAgent(process, stderr);
        assertThat(child.next()).isEqualTo("READY");
        return child;
    }

    String ask(String command) throws Exception {
        commands.println(command);
        return next();
    }

    long write(String word) throws Exception {
        String answer = ask("WRITE " + word);
        assertThat(answer).startsWith("WROTE ");
        return Long.parseLong(answer.substring("WROTE ".length()));
    }

    Set<Long> hits(String word) throws Exception {
        return idsOf(ask("SEARCH " + word));
    }

    Set<Long> near(StoredVector query) throws Exception {
        return idsOf(ask("SEARCHV " + SqliteAgentProcess.wire(query)));
    }

    long write(String text, StoredVector vector) throws Exception {
        String answer = ask("WRITEV " + SqliteAgentProcess.wire(vector) + " " + text);
        assertThat(answer).startsWith("WROTE ");
        return Long.parseLong(answer.substring("WROTE ".length()));
    }

    private static Set<Long> idsOf(String answer) {
        assertThat(answer).startsWith("HITS");
        String ids = answer.substring("HITS".length()).strip();
        return ids.isEmpty() ? Set.of()
                : Arrays.stream(ids.split(",")).map(Long::parseLong).collect(Collectors.toSet());
    }

    private String next() throws Exception {
        String answer = answers.poll(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (answer == null) {
            throw new AssertionError("the child process did not answer within " + ANSWER_TIMEOUT_SECONDS
                    + " s; its stderr:\n" + childErrors());
        }
        if (answer.startsWith("ERROR")) {
            throw new AssertionError(answer + "; its stderr:\n" + childErrors());
        }
        return answer;
    }

    int awaitExit() throws Exception {
        if (!process.waitFor(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the child process did not exit");
        }
        return process.exitValue();
    }

    private String childErrors() throws IOException {
        List<String> lines = Files.exists(stderr) ? Files.readAllLines(stderr) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** Kills the child at once, as {@code kill -9} does (no shutdown hook, no finally block runs). */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the killed child process did not end");
        }
    }

    /** Closes the child's input (it exits at end of input) and waits for it, killing it if it hangs. */
    @Override
    public void close() {
        commands.close();
        try {
            if (!process.waitFor(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
