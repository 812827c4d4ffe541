package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.storage.StoredVector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of the process that indexes, in the middle of a long catch-up of memories with vectors:
 * the index it leaves holds a commit of part of the work; the next process to open it takes the write
 * lock, indexes the rest from the store's change feed, and finds every committed memory by its words and
 * by its meaning.
 */
class KilledIndexerTest {

    /** More than one catch-up commit's worth, so that the child commits part of the work before it dies. */
    private static final int MEMORIES = 45_000;
    private static final int BATCH = 1_000;
    private static final long WAIT_NANOS = 120_000_000_000L;

    @TempDir
    Path tmp;

    @Test
    void theNextProcessRepairsTheIndexAndLosesNothingCommitted() throws Exception {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, tmp.resolve("native"));
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        StoredVector retryVector = new StoredVector(embedder.modelId(), embedder.embed(List.of(retry)).get(0));
        Path database = tmp.resolve("colony.db");
        Path indexDirectory = tmp.resolve("colony.index");
        Random random = new Random(7);
        List<float[]> meanings = embedder.embed(new ArrayList<>(LabeledSet.agentMemories().entries().values()));

        try (SqliteAgent parent = new SqliteAgent(database, "parent-session")) {
            List<Long> ids = new ArrayList<>();
            StoredVector searchedBy;
            try (ChildAgent child = ChildAgent.start(database, tmp.resolve("child-stderr.txt"))) {
                assertThat(child.ask("ROLE")).as("the child indexes").isEqualTo("ROLE writer");
                long before = committedWatermark(indexDirectory);
                StoredVector previous = null;
                for (int from = 0; from < MEMORIES; from += BATCH) {
                    List<String> contents = new ArrayList<>(BATCH);
                    List<StoredVector> vectors = new ArrayList<>(BATCH);
                    for (int i = from; i < from + BATCH; i++) {
                        contents.add("bulk note " + i + " about " + marker(i));
                        vectors.add(new StoredVector(embedder.modelId(),
                                near(meanings.get(i % meanings.size()), random)));
                    }
                    ids.addAll(parent.writeAll(contents, vectors));
                    previous = vectors.get(BATCH - 1);
                }
                long retryId = parent.write(retry, retryVector);
                searchedBy = new StoredVector(embedder.modelId(), IndexLayout.searchVector(retryVector, previous));
                ids.add(retryId);
                long last = retryId;

                long partial = awaitPartialCommit(indexDirectory, before, last);
                child.kill();
                System.out.printf("killed the indexing child with its commit at rev %d of %d%n",
                        committedWatermark(indexDirectory), last);
                assertThat(committedWatermark(indexDirectory)).as("the killed child's last commit holds part "
                        + "of the work").isGreaterThanOrEqualTo(partial).isLessThan(last);
            }

            parent.openIndex();
            assertThat(parent.writer()).as("the lock of the killed process is free").isTrue();
            parent.awaitIndexed();
            assertThat(committedWatermark(indexDirectory)).as("the repaired index's commit, after its catch-up")
                    .isGreaterThanOrEqualTo(0);
            for (int i = 0; i < MEMORIES; i += 997) {
                // Not alone: the memory after it in the session holds its words as context.
                assertThat(parent.search(marker(i))).as("memory " + i + " by its words").contains(ids.get(i))
                        .hasSizeLessThanOrEqualTo(2);
            }
            assertThat(parent.search(marker(MEMORIES - 1))).contains(ids.get(MEMORIES - 1));
            assertThat(parent.search("hiccups")).as("the last memory, by its words").containsExactly(ids.get(MEMORIES));
            assertThat(parent.searchMeaning("downloads", searchedBy)).as("the last memory, by its vector")
                    .contains(ids.get(MEMORIES));
        }
    }

    /** A word of letters only that names memory {@code i} alone (digits would be split off as terms). */
    private static String marker(int i) {
        String letters = "bcdfghjklmnpqrtvwxz";
        StringBuilder word = new StringBuilder("mk");
        int rest = i;
        do {
            word.append(letters.charAt(rest % letters.length()));
            rest /= letters.length();
        } while (rest > 0);
        return word.toString();
    }

    /**
     * A vector a little off {@code meaning} (the embedding of a real memory): vectors spread as a real
     * store's do, clustered by subject, which is what the index's graph of nearest neighbours is built for.
     */
    private static float[] near(float[] meaning, Random random) {
        float[] values = new float[meaning.length];
        double sum = 0;
        for (int i = 0; i < meaning.length; i++) {
            values[i] = meaning[i] + (float) (random.nextGaussian() * 0.01);
            sum += values[i] * values[i];
        }
        for (int i = 0; i < values.length; i++) {
            values[i] /= (float) Math.sqrt(sum);
        }
        return values;
    }

    /**
     * Waits until the index's newest commit holds more than {@code before} and less than {@code last}: the
     * child is in the middle of its catch-up, with part of it committed; returns that watermark.
     */
    private static long awaitPartialCommit(Path indexDirectory, long before, long last) throws Exception {
        long deadline = System.nanoTime() + WAIT_NANOS;
        long seen = before;
        while (System.nanoTime() < deadline) {
            seen = committedWatermark(indexDirectory);
            if (seen > before && seen < last) {
                return seen;
            }
            if (seen >= last) {
                break;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the child never committed part of its catch-up (watermark " + seen
                + ", before " + before + ", last change " + last + ")");
    }

    /** The watermark of the newest commit in the index directory; -1 when there is none. */
    private static long committedWatermark(Path indexDirectory) throws IOException {
        try (FSDirectory directory = FSDirectory.open(indexDirectory)) {
            return Long.parseLong(SegmentInfos.readLatestCommit(directory).getUserData()
                    .getOrDefault(IndexLayout.DATA_WATERMARK, "-1"));
        } catch (IndexNotFoundException none) {
            return -1;
        }
    }
}
