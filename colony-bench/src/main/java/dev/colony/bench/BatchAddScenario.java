package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code memory.add.batch}: {@code memory_add_batch}'s path in the library ({@code addAll} of {@value #BATCH}
 * memories, embedded together, each checked for a duplicate and written) against {@code memory_add}'s, one
 * memory per call ({@code addUnlessDuplicate}), with the default model, each on its own SQLite file with its
 * Lucene index; the two sides alternate by round, every text is new. Both count memories: a batch call's time is
 * recorded once per memory it stored, divided among them. Target: the batch stores at least three times as many
 * memories per second.
 */
final class BatchAddScenario implements Scenario {

    /** Memories per batch call, as many as memory_add_batch takes. */
    static final int BATCH = 50;
    /** The batch's memories per second, at least this many times the single calls'. */
    static final double TARGET = 3.0;

    @Override
    public String name() {
        return "memory.add.batch";
    }

    @Override
    public int defaultSize() {
        return 2_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int rounds = options.rounds();
        int perRound = Math.max(BATCH, size / rounds / BATCH * BATCH);
        List<String> contents = new ArrayList<>();
        for (int i = 0; i < perRound * (rounds + 1) * 2; i++) {
            contents.add("Decision " + i + ": " + corpus.sentence(12, 30));
        }
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, options.workDir().resolve("native"));
        Latencies batched = new Latencies(perRound * rounds);
        Latencies single = new Latencies(perRound * rounds);
        int[] duplicates = new int[2];
        try (Colony batching = Colony.builder().storage(SqliteStorageProvider.open(options.workDir()
                .resolve("batch.db"))).search(LuceneSearch.besideStore()).embedder(embedder).build();
                Colony one = Colony.builder().storage(SqliteStorageProvider.open(options.workDir()
                        .resolve("single.db"))).search(LuceneSearch.besideStore()).embedder(embedder).build()) {
            MemoryStore inBatches = batching.as(actor(batching)).memories();
            MemoryStore oneByOne = one.as(actor(one)).memories();
            int next = 0;
            for (int round = -1; round < rounds; round++) {
                List<String> forBatches = contents.subList(next, next + perRound);
                List<String> forSingles = contents.subList(next + perRound, next + 2 * perRound);
                next += 2 * perRound;
                Latencies batchInto = round < 0 ? new Latencies(perRound) : batched;
                Latencies singleInto = round < 0 ? new Latencies(perRound) : single;
                long start = System.nanoTime();
                for (int from = 0; from < forBatches.size(); from += BATCH) {
                    List<MemoryDraft> drafts = forBatches.subList(from, from + BATCH).stream()
                            .map(content -> MemoryDraft.of(MemoryKind.DECISION, content)).toList();
                    long t0 = System.nanoTime();
                    List<AddOutcome> outcomes = inBatches.addAll(drafts, true);
                    long perMemory = (System.nanoTime() - t0) / drafts.size();
                    for (AddOutcome outcome : outcomes) {
                        if (!outcome.stored()) {
                            duplicates[0]++;
                        }
                        batchInto.record(perMemory);
                    }
                }
                batchInto.addWall(System.nanoTime() - start);
                AddLoops.timed(forSingles, singleInto, content -> {
                    if (!oneByOne.addUnlessDuplicate(MemoryDraft.of(MemoryKind.DECISION, content)).stored()) {
                        duplicates[1]++;
                    }
                });
            }
        }
        double ratio = batched.opsPerSecond() / single.opsPerSecond();
        return new Result(name(), size, batched, single, "memories/s in batches of " + BATCH + " / memories/s one "
                + "per call", ratio, String.format(Locale.ROOT, "ratio >= %.1f", TARGET), ratio >= TARGET,
                String.format(Locale.ROOT, "SQLite with its Lucene index, %s, all texts new (taken for duplicates: "
                        + "%d in batches, %d single); a batch's latency is its call's time divided among its "
                        + "memories", embedder.modelId(), duplicates[0], duplicates[1]));
    }

    private static Actor actor(Colony colony) {
        return colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
    }
}
