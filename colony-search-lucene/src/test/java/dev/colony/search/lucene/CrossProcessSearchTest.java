package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.embedding.onnx.OnnxEmbedder;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs on one SQLite store and one index directory: each finds the memories the other wrote, at
 * its next search, by their words and by their meaning, whichever of them holds the index's write
 * lock, and the reader takes the lock over when the writer closes its index.
 */
class CrossProcessSearchTest {

    private static final long ANSWER_TIMEOUT_SECONDS = 60;

    @TempDir
    Path tmp;

    @Test
    void twoProcessesFindEachOthersMemories() throws Exception {
        Path database = tmp.resolve("colony.db");
        try (SqliteAgent parent = new SqliteAgent(database, "parent-session")) {
            long parentFirst = parent.write("aardvark");
            parent.openIndex();
            assertThat(parent.writer()).isTrue();

            try (Child child = Child.start(database, tmp.resolve("child-stderr.txt"))) {
                assertThat(child.ask("ROLE")).isEqualTo("ROLE reader");
                assertThat(child.hits("aardvark")).containsExactly(parentFirst);

                long parentSecond = parent.write("bumblebee");
                assertThat(child.hits("bumblebee")).as("the parent's uncommitted write").containsExactly(parentSecond);

                long childFirst = child.write("chameleon");
                assertThat(parent.search("chameleon")).containsExactly(childFirst);
                assertThat(child.hits("chameleon")).containsExactly(childFirst);

                parent.update(parentSecond, "butterfly");
                assertThat(child.hits("butterfly")).as("the parent's update, at the child's next search")
                        .containsExactly(parentSecond);
                assertThat(child.hits("bumblebee")).isEmpty();
                parent.awaitIndexed();
                assertThat(parent.search("butterfly")).as("re-indexed by the writer").containsExactly(parentSecond);
                assertThat(parent.search("bumblebee")).isEmpty();
                assertThat(child.ask("INDEXED")).isEqualTo("INDEXED");
                assertThat(child.hits("butterfly")).as("once the child caught up in the background")
                        .containsExactly(parentSecond);
                assertThat(child.hits("bumblebee")).isEmpty();

                assertThat(child.ask("UPDATE " + childFirst + " chinchilla")).isEqualTo("UPDATED");
                assertThat(parent.search("chinchilla")).as("the child's update, found by the writer")
                        .containsExactly(childFirst);
                assertThat(parent.search("chameleon")).isEmpty();

                parent.closeIndex();
                long parentThird = parent.write("dragonfly");
                assertThat(child.hits("dragonfly")).containsExactly(parentThird);
                assertThat(child.ask("ROLE")).as("took the write lock over").isEqualTo("ROLE writer");

                parent.openIndex();
                assertThat(parent.writer()).isFalse();
                long childSecond = child.write("echidna");
                assertThat(parent.search("echidna")).containsExactly(childSecond);
                assertThat(parent.search("note")).as("every memory, once")
                        .containsExactlyInAnyOrder(parentFirst, parentSecond, childFirst, parentThird, childSecond);

                assertThat(child.ask("EXIT")).isEqualTo("BYE");
                assertThat(child.awaitExit()).isZero();
            }
        }
    }

    @Test
    void aMemoryWrittenInOneProcessIsFoundByMeaningInTheOtherAtItsNextSearch() throws Exception {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, tmp.resolve("native"));
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        String login = "Passwords shorter than twelve characters are rejected by the sign-up form.";
        StoredVector retryVector = new StoredVector(embedder.modelId(), embedder.embed(List.of(retry)).get(0));
        StoredVector loginVector = new StoredVector(embedder.modelId(), embedder.embed(List.of(login)).get(0));
        StoredVector downloads = new StoredVector(embedder.modelId(),
                embedder.embedQuery("how often do we retry flaky dependency downloads"));
        StoredVector signUp = new StoredVector(embedder.modelId(), embedder.embedQuery("minimum password length"));
        Path database = tmp.resolve("colony.db");
        try (SqliteAgent parent = new SqliteAgent(database, "parent-session")) {
            parent.write("an unrelated first memory");
            parent.openIndex();
            try (Child child = Child.start(database, tmp.resolve("child-stderr.txt"))) {
                long childRetry = child.write(retry, retryVector);
                assertThat(parent.searchMeaning("downloads", downloads)).as("the child's write, by meaning")
                        .containsExactly(childRetry);

                long parentLogin = parent.write(login, loginVector);
                assertThat(child.near(signUp)).as("the parent's write, by meaning").containsExactly(parentLogin);

                parent.awaitIndexed();
                assertThat(child.ask("INDEXED")).isEqualTo("INDEXED");
                assertThat(parent.searchMeaning("downloads", downloads)).as("once indexed, from the graph")
                        .containsExactly(childRetry);
                assertThat(child.near(downloads)).containsExactly(childRetry);
                assertThat(child.ask("EXIT")).isEqualTo("BYE");
                assertThat(child.awaitExit()).isZero();
            }
        }
    }

    /** The child JVM, driven through its standard input and output with bounded waits. */
    private static final class Child implements AutoCloseable {
        private final Process process;
        private final PrintStream commands;
        private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        private final Path stderr;

        private Child(Process process, Path stderr) {
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

        static Child start(Path database, Path stderr) throws Exception {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    SqliteAgentProcess.class.getName(), database.toString())
                    .redirectError(stderr.toFile())
                    .start();
            Child child = new Child(process, stderr);
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
}
