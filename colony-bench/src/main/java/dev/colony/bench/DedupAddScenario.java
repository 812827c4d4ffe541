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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code memory.add.dedup}: memory_add's default path, the add that first looks for a duplicate (the memory
 * embedded, its nearest memories of the same type found in the vector index, the closest checked pairwise,
 * then written), against the plain add with the same embedder (embedded and written) on another SQLite file
 * with its own index; the two sides alternate by round. Every text is new, so every add is stored and pays
 * the whole check.
 */
final class DedupAddScenario implements Scenario {

    @Override
    public String name() {
        return "memory.add.dedup";
    }

    @Override
    public int defaultSize() {
        return 2_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        int rounds = options.rounds();
        List<String> contents = new ArrayList<>();
        for (int i = 0; i < perRound * (rounds + 1); i++) {
            contents.add("Decision " + i + ": " + corpus.sentence(12, 30));
        }
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, options.workDir().resolve("native"));
        Latencies deduplicated = new Latencies(perRound * rounds);
        Latencies plain = new Latencies(perRound * rounds);
        AtomicInteger duplicates = new AtomicInteger();
        try (Colony checking = Colony.builder().storage(SqliteStorageProvider.open(options.workDir()
                .resolve("dedup.db"))).search(LuceneSearch.besideStore()).embedder(embedder).build();
                Colony storing = Colony.builder().storage(SqliteStorageProvider.open(options.workDir()
                        .resolve("plain.db"))).search(LuceneSearch.besideStore()).embedder(embedder).build()) {
            MemoryStore withCheck = checking.as(actor(checking)).memories();
            MemoryStore withoutCheck = storing.as(actor(storing)).memories();
            for (int round = -1; round < rounds; round++) {
                List<String> batch = contents.subList((round + 1) * perRound, (round + 2) * perRound);
                Latencies checkedInto = round < 0 ? new Latencies(perRound) : deduplicated;
                Latencies plainInto = round < 0 ? new Latencies(perRound) : plain;
                AddLoops.timed(batch, checkedInto, content -> {
                    AddOutcome outcome = withCheck.addUnlessDuplicate(MemoryDraft.of(MemoryKind.DECISION, content));
                    if (!outcome.stored()) {
                        duplicates.incrementAndGet();
                    }
                });
                AddLoops.timed(batch, plainInto, content -> withoutCheck.add(MemoryDraft.of(MemoryKind.DECISION,
                        content)));
            }
        }
        return new Result(name(), size, deduplicated, plain, "ops/s of the add with the duplicate check / ops/s "
                + "of the plain add", deduplicated.opsPerSecond() / plain.opsPerSecond(), "reported (no target)", true,
                String.format(Locale.ROOT, "SQLite with its Lucene index, %s, one memory per call, all texts new "
                        + "(%d taken for duplicates); both sides embed", embedder.modelId(), duplicates.get()));
    }

    private static Actor actor(Colony colony) {
        return colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
    }
}
