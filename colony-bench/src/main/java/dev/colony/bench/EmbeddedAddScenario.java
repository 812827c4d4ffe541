package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code memory.add.embedded}: Colony's add with the default in-process embedder (the memory embedded,
 * then written with its vector) against the same add without an embedder, on two SQLite files, the two
 * sides alternating by round; and the embedder alone on the same texts, to report the share of an add
 * spent embedding. The system property {@value #MODEL_PROPERTY} names another model to measure.
 */
final class EmbeddedAddScenario implements Scenario {

    /** Names another model than the default to measure ({@code -Dembedding.model=e5-small-v2-q}). */
    static final String MODEL_PROPERTY = "embedding.model";

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
        List<String> contents = new ArrayList<>(perRound);
        for (int i = 0; i < perRound; i++) {
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
        try (Colony embedding = Colony.builder().storage(SqliteStorageProvider.open(withVectors)).embedder(embedder)
                .build();
                Colony keyword = Colony.builder().storage(SqliteStorageProvider.open(withoutVectors)).build()) {
            MemoryStore withEmbedder = embedding.as(actor(embedding)).memories();
            MemoryStore withoutEmbedder = keyword.as(actor(keyword)).memories();
            int warmUp = Math.min(200, perRound);
            add(withEmbedder, contents.subList(0, warmUp), null);
            add(withoutEmbedder, contents.subList(0, warmUp), null);
            embed(embedder, contents.subList(0, warmUp), null);
            for (int round = 0; round < options.rounds(); round++) {
                add(withEmbedder, contents, embedded);
                add(withoutEmbedder, contents, plain);
                embed(embedder, contents, embeddingAlone);
            }
        }
        double share = embeddingAlone.percentileMillis(50) / embedded.percentileMillis(50);
        return new Result(name(), size, embedded, plain, "ops/s of the add with the embedder / ops/s without",
                embedded.opsPerSecond() / plain.opsPerSecond(), "reported (no target)", true, String.format(Locale.ROOT,
                        "SQLite, one memory per call, %s; the embedder alone on the same texts: p50 %.2f ms, "
                                + "p95 %.2f ms, %.0f%% of the add's p50", embedder.modelId(),
                        embeddingAlone.percentileMillis(50), embeddingAlone.percentileMillis(95), share * 100));
    }

    private static Actor actor(Colony colony) {
        return colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
    }

    private static void add(MemoryStore memory, List<String> contents, Latencies into) {
        AddLoops.timed(contents, into, content -> memory.add(MemoryDraft.of(MemoryKind.DECISION, content)));
    }

    private static void embed(OnnxEmbedder embedder, List<String> contents, Latencies into) {
        AddLoops.timed(contents, into, content -> embedder.embed(List.of(content)));
    }
}
