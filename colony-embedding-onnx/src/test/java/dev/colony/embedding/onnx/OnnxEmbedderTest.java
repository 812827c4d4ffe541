package dev.colony.embedding.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The real models, run in-process: vectors of the promised shape, batches equal to single texts, a
 * paraphrase nearer than a text on another subject; and, in a fresh JVM, nothing loaded before the
 * first text and nothing left behind but the native directory Colony names.
 */
class OnnxEmbedderTest {

    @TempDir
    Path dir;

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }

    @ParameterizedTest
    @EnumSource(OnnxModel.class)
    void aParaphraseIsNearerThanAnotherSubjectAndABatchEqualsSingleTexts(OnnxModel model) {
        OnnxEmbedder embedder = OnnxEmbedder.of(model, dir.resolve("native"));
        String decision = "We decided to retry flaky dependency downloads three times before failing the build.";
        String paraphrase = "The CI job now tries fetching artifacts again up to 3 attempts when the network "
                + "hiccups.";
        String unrelated = "The login form rejects passwords shorter than twelve characters.";

        List<float[]> batch = embedder.embed(List.of(decision, paraphrase, unrelated));

        assertThat(embedder.modelId()).isEqualTo("onnx/" + model.id());
        assertThat(batch).hasSize(3).allSatisfy(vector -> {
            assertThat(vector).hasSize(embedder.dimension());
            assertThat(cosine(vector, vector)).isCloseTo(1.0, within(1e-4));
        });
        assertThat(cosine(batch.get(0), batch.get(1))).isGreaterThan(cosine(batch.get(0), batch.get(2)));
        float[] single = embedder.embed(List.of(paraphrase)).get(0);
        assertThat(cosine(single, batch.get(1))).as("a vector depends on its text alone, not on its batch")
                .isCloseTo(1.0, within(1e-5));
        float[] query = embedder.embedQuery("how many times do downloads get retried");
        assertThat(cosine(query, batch.get(0))).isGreaterThan(cosine(query, batch.get(2)));
        assertThat(cosine(query, batch.get(0))).as("related: above the model's floor")
                .isGreaterThanOrEqualTo(embedder.minSimilarity());
        assertThat(cosine(query, batch.get(2))).as("unrelated: below it").isLessThan(embedder.minSimilarity());
        assertThat(embedder.embed(List.of())).isEmpty();
    }

    /**
     * A text gives exactly LangChain4j's vector (a long one too, cut into pieces and averaged the same way), alone
     * or in a batch: each piece is one run of the model, since the quantized model would scale a batch's pieces
     * together; a batch's runs overlap on several threads, and still every vector is the one its text gives alone,
     * bit for bit.
     */
    @Test
    void aTextGivesLangChain4jsVectorAloneOrInABatchOneRunOfTheModelAPiece() {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("native"));
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            texts.add("Decision " + i + ": the " + (i % 2 == 0 ? "billing" : "search") + " service keeps "
                    + "its cache for " + (i + 1) + " minutes because " + "the upstream is slow ".repeat(1 + i % 5));
        }
        String longText = "The deployment runbook says to drain each node before the upgrade and to check the "
                .repeat(40) + "dashboards.";
        texts.add(longText);
        embedder.prepare();
        long before = embedder.modelRuns();

        List<float[]> batch = embedder.embed(texts);

        assertThat(embedder.modelRuns() - before).as("one model run a piece, each of these texts being one piece")
                .isEqualTo(texts.size());
        AllMiniLmL6V2QuantizedEmbeddingModel reference = new AllMiniLmL6V2QuantizedEmbeddingModel();
        for (int i : List.of(0, 17, 49, 50)) {
            float[] alone = embedder.embed(List.of(texts.get(i))).get(0);
            assertThat(cosine(alone, reference.embed(texts.get(i)).content().vector())).as("text %d alone", i)
                    .isCloseTo(1.0, within(1e-5));
        }
        for (int i = 0; i < texts.size(); i++) {
            assertThat(batch.get(i)).as("text %d in the batch", i).containsExactly(embedder.embed(List.of(texts.get(i)))
                    .get(0));
        }
    }

    @Test
    void aFreshJvmLoadsNothingBeforeTheFirstTextAndLeavesOnlyTheNativeDirectory() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Path natives = dir.resolve("native");
        Path log = dir.resolve("child.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.io.tmpdir=" + tmp, "-Duser.home=" + home, "-cp",
                System.getProperty("java.class.path"), EmbedOnce.class.getName(), natives.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child finished").isTrue();

        assertThat(child.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).contains("loaded before: false")
                .contains("loaded by prepare: true").contains("loaded after: true");
        assertThat(list(tmp)).as("nothing left in the temporary directory").isEmpty();
        assertThat(list(home)).as("nothing written under the home directory").isEmpty();
        assertThat(list(natives)).anySatisfy(name -> assertThat(name).startsWith("onnxruntime-")).contains("djl")
                .contains(ModelWeights.DIRECTORY);
        assertThat(list(natives.resolve(ModelWeights.DIRECTORY))).as("the weights, unpacked once for the runtime")
                .singleElement().asString().startsWith("all-minilm-l6-v2-q-").endsWith(".onnx");
    }

    /**
     * Native code is loaded from the native directory, so one another user could write to (a shared temporary
     * directory) is not used: nothing is unpacked there and the model still loads, each library unpacking into a
     * private directory of its own.
     */
    @Test
    void aNativeDirectoryOthersCouldWriteIsNotUsedAndTheModelStillLoads() throws Exception {
        Path natives = Files.createDirectories(dir.resolve("shared-native"));
        Files.setPosixFilePermissions(natives, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThat(NativeLibraries.prepare(natives)).isFalse();
        assertThat(list(natives)).isEmpty();

        Path log = dir.resolve("child.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")), "-Duser.home="
                + Files.createDirectories(dir.resolve("home")), "-cp", System.getProperty("java.class.path"),
                EmbedOnce.class.getName(), natives.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child finished").isTrue();

        assertThat(child.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).contains("loaded after: true");
        assertThat(list(natives)).as("nothing planted or unpacked where others write").isEmpty();
    }

    /**
     * A JVM that exits, by {@code System.exit} or by SIGTERM, while a thread is inside the ONNX runtime
     * loading a model: before the exit waited for the load, about two in three such exits crashed in
     * {@code libonnxruntime.so} (the runtime's own shutdown hook freed it under the load) and left an
     * {@code hs_err_pid*.log} in the working directory.
     */
    @Test
    void anExitWhileTheModelLoadsWaitsForTheLoadInsteadOfCrashing() throws Exception {
        Path natives = dir.resolve("native");
        for (int i = 0; i < 4; i++) {
            boolean signal = i % 2 == 1;
            Path work = Files.createDirectories(dir.resolve("child-" + i));
            Path log = work.resolve("child.log");
            // Opened as Colony's jar opens it (see NativeCalls).
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    ExitWhileLoading.class.getName(), natives.toString(),
                    signal ? "wait" : "exit").directory(work.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (signal) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!Files.readString(log).contains(ExitWhileLoading.INSIDE) && child.isAlive()
                        && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                child.destroy();
            }
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("child %s finished", i).isTrue();
            String output = Files.readString(log);
            assertThat(output).as("child %s reached the native load", i).contains(ExitWhileLoading.INSIDE);
            assertThat(output).as("child %s", i).doesNotContain("fatal error").doesNotContain("SIGSEGV")
                    .doesNotContain("SIGBUS");
            assertThat(list(work)).as("child %s left no crash report", i).noneMatch(name -> name.startsWith("hs_err"));
            assertThat(child.exitValue()).as("child %s: %s", i, output).isEqualTo(signal ? 128 + 15 : 0);
        }
    }

    private static List<String> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(path -> path.getFileName().toString()).toList();
        }
    }
}
