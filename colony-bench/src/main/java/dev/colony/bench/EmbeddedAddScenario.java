package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code memory.add.embedded}: {@code memory_add}'s default path in the library, the add that first looks for a
 * duplicate (the memory embedded with the default in-process model, one nearest-neighbour lookup in the Lucene
 * index beside the store, the few candidates checked pairwise, then written with its vector), against the same
 * model embedding the same text alone, in the same run; the two sides alternate by round, every text is new (so
 * every add pays the whole check) and the store grows by every add. Target: the add's p50 at most 1.3 times the
 * embedding's plus 1 ms. The note gives the same add on a store without an embedder (keyword only) for what the
 * rest of the write costs. {@code -D}{@value #MODEL_PROPERTY} names another model to measure.
 */
final class EmbeddedAddScenario implements Scenario {

    /** Names another model than the default to measure ({@code -Dembedding.model=e5-small-v2-q}). */
    static final String MODEL_PROPERTY = "embedding.model";
    /** The add's p50 may be at most this many times the embedding's p50 ... */
    static final double TIMES_EMBEDDING = 1.3;
    /** ... plus this many milliseconds. */
    static final double PLUS_MILLIS = 1.0;

    @Override
    public String name() {
        return "memory.add.embedded";
    }

    @Override
    public int defaultSize() {
        return 2_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        int warmUp = Math.min(200, perRound);
        List<String> contents = new ArrayList<>(warmUp + perRound * options.rounds());
        for (int i = 0; i < warmUp + perRound * options.rounds(); i++) {
            contents.add("Decision " + i + ": " + corpus.sentence(12, 30));
        }
        String named = System.getProperty(MODEL_PROPERTY, OnnxEmbedder.DEFAULT_MODEL.id());
        OnnxModel model = OnnxModel.byId(named).orElseThrow(() -> new IllegalArgumentException(
                MODEL_PROPERTY + " names no model of colony-embedding-onnx: " + named));
        OnnxEmbedder embedder = OnnxEmbedder.of(model, options.workDir().resolve("native"));
        Latencies embedded = new Latencies(perRound * options.rounds());
        Latencies plain = new Latencies(perRound * options.rounds());
        Latencies embeddingAlone = new Latencies(perRound * options.rounds());
        Path withVectors = options.workDir().resolve("embedded.db");
        Path withoutVectors = options.workDir().resolve("plain.db");
        int duplicates = 0;
        try (Colony embedding = Colony.builder().storage(SqliteStorageProvider.open(withVectors))
                .search(LuceneSearch.besideStore()).embedder(embedder).build();
                Colony keyword = Colony.builder().storage(SqliteStorageProvider.open(withoutVectors))
                        .search(LuceneSearch.besideStore()).build()) {
            MemoryStore withEmbedder = embedding.as(actor(embedding)).memories();
            MemoryStore withoutEmbedder = keyword.as(actor(keyword)).memories();
            List<String> warm = contents.subList(0, warmUp);
            duplicates += add(withEmbedder, warm, null);
            add(withoutEmbedder, warm, null);
            embed(embedder, warm, null);
            for (int round = 0; round < options.rounds(); round++) {
                List<String> batch = contents.subList(warmUp + round * perRound, warmUp + (round + 1) * perRound);
                duplicates += add(withEmbedder, batch, embedded);
                add(withoutEmbedder, batch, plain);
                embed(embedder, batch, embeddingAlone);
            }
        }
        double addP50 = embedded.percentileMillis(50);
        double embedP50 = embeddingAlone.percentileMillis(50);
        double allowed = TIMES_EMBEDDING * embedP50 + PLUS_MILLIS;
        return new Result(name(), size, embedded, embeddingAlone, "p50 of the add / p50 of embedding the text alone",
                addP50 / embedP50, String.format(Locale.ROOT, "p50 <= %.1fx embed + %.0f ms", TIMES_EMBEDDING,
                        PLUS_MILLIS), addP50 <= allowed, String.format(Locale.ROOT,
                        "SQLite with its Lucene index, %s, one memory per call, all texts new (%d taken for "
                        + "duplicates); add p50 %.2f ms against at most %.2f ms; the rest of the add (its p50 less "
                        + "the embedding's) %.2f ms; the same add without an embedder: p50 %.2f ms, p95 %.2f ms",
                        embedder.modelId(), duplicates, addP50, allowed, addP50 - embedP50,
                        plain.percentileMillis(50), plain.percentileMillis(95)));
    }

    private static Actor actor(Colony colony) {
        return colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
    }

    /** Adds each text as memory_add does (unless it duplicates one); returns how many were taken for duplicates. */
    private static int add(MemoryStore memory, List<String> contents, Latencies into) {
        int[] duplicates = {0};
        AddLoops.timed(contents, into, content -> {
            if (!memory.addUnlessDuplicate(MemoryDraft.of(MemoryKind.DECISION, content)).stored()) {
                duplicates[0]++;
            }
        });
        return duplicates[0];
    }

    private static void embed(OnnxEmbedder embedder, List<String> contents, Latencies into) {
        AddLoops.timed(contents, into, content -> embedder.embed(List.of(content)));
    }
}
