package dev.colony.langchain4j;

import dev.colony.core.fixture.OpenColony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.MetadataFilterBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Not a test: prints what a search of {@link ColonyEmbeddingStore} costs on a SQLite file of N segments (default
 * 10,000) of 384 random dimensions, unfiltered and with a filter selecting a tenth of them, by vector and hybrid
 * (median of 30 searches after 10 unmeasured ones). Run it with the test class path, e.g.
 * {@code java -cp ... SegmentSearchTiming 10000}.
 */
final class SegmentSearchTiming {

    private static final int DIMENSION = 384;

    private SegmentSearchTiming() {
    }

    public static void main(String[] args) throws IOException {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Random random = new Random(42);
        try (OpenColony colony = new OpenColony("langchain4j", dir -> SqliteStorageProvider.open(dir.resolve("colony.db")))) {
            ColonyEmbeddingStore store = new ColonyEmbeddingStore(colony.as("alice"), "timing");
            long start = System.nanoTime();
            for (int from = 0; from < size; from += 1000) {
                List<Embedding> embeddings = new ArrayList<>();
                List<TextSegment> segments = new ArrayList<>();
                for (int i = from; i < Math.min(size, from + 1000); i++) {
                    embeddings.add(Embedding.from(vector(random)));
                    segments.add(TextSegment.from("segment number " + i + " of the timing corpus",
                            new Metadata().put("group", "g" + i % 10).put("n", i)));
                }
                store.addAll(embeddings, segments);
            }
            System.out.printf("added %,d segments in %,d ms%n", size, (System.nanoTime() - start) / 1_000_000);
            report(store, random, size + " segments, no filter", null);
            report(store, random, size + " segments, filter group = g3 (a tenth)",
                    MetadataFilterBuilder.metadataKey("group").isEqualTo("g3"));
            ColonyEmbeddingStore hybrid = ColonyEmbeddingStore.builder(colony.as("alice"), "timing")
                    .searchMode(ColonyEmbeddingStore.SearchMode.HYBRID).build();
            report(hybrid, random, size + " segments, hybrid, no filter", null);
            report(hybrid, random, size + " segments, hybrid, filter group = g3 (a tenth)",
                    MetadataFilterBuilder.metadataKey("group").isEqualTo("g3"));
        }
    }

    private static void report(ColonyEmbeddingStore store, Random random, String label, Filter filter) {
        double[] millis = new double[30];
        for (int run = -10; run < millis.length; run++) {
            EmbeddingSearchRequest request = EmbeddingSearchRequest.builder()
                    .queryEmbedding(Embedding.from(vector(random))).query("number " + random.nextInt(10_000)
                            + " of the corpus").maxResults(10).filter(filter).build();
            long start = System.nanoTime();
            int found = store.search(request).matches().size();
            if (found != 10) {
                throw new IllegalStateException("found " + found);
            }
            if (run >= 0) {
                millis[run] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(millis);
        System.out.printf("%s: median %.1f ms, max %.1f ms (top 10)%n", label, millis[millis.length / 2],
                millis[millis.length - 1]);
    }

    private static float[] vector(Random random) {
        float[] vector = new float[DIMENSION];
        for (int i = 0; i < DIMENSION; i++) {
            vector[i] = (float) random.nextGaussian();
        }
        return vector;
    }
}
