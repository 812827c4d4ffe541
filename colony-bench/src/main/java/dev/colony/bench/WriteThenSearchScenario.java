package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code write.then.search}: in one process, add a memory holding a word no other memory has, then
 * search that word at once; one operation is the add and the search together, and it counts as found
 * only when the search returns the new memory. The baseline is the add alone, so the difference is
 * what making a write searchable costs. The store holds {@code size} memories first.
 */
final class WriteThenSearchScenario implements Scenario {

    static final double TARGET_P50_MILLIS = 2.0;
    private static final int OPERATIONS = 2_000;
    private static final int WARM_UP = 500;

    @Override
    public String name() {
        return "write.then.search";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        Actor actor = KeywordSearchScenario.fill(db, size, new Corpus(options.seed(), 20_000));
        Latencies both = new Latencies(OPERATIONS * options.rounds());
        Latencies addOnly = new Latencies(OPERATIONS * options.rounds());
        long found = 0;
        long serial = 0;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore()).build()) {
            MemoryStore memory = colony.as(actor).memories();
            for (int i = 0; i < WARM_UP; i++) {
                addThenSearch(memory, Tokens.unique("w", serial++), null);
                add(memory, Tokens.unique("w", serial++), null);
            }
            for (int round = 0; round < options.rounds(); round++) {
                long start = System.nanoTime();
                for (int i = 0; i < OPERATIONS; i++) {
                    found += addThenSearch(memory, Tokens.unique("m", serial++), both) ? 1 : 0;
                }
                both.addWall(System.nanoTime() - start);
                start = System.nanoTime();
                for (int i = 0; i < OPERATIONS; i++) {
                    add(memory, Tokens.unique("m", serial++), addOnly);
                }
                addOnly.addWall(System.nanoTime() - start);
            }
        }
        boolean met = both.percentileMillis(50) <= TARGET_P50_MILLIS && found == both.count();
        return new Result(name(), size, both, addOnly, "ops/s of add+search / ops/s of add alone",
                both.opsPerSecond() / addOnly.opsPerSecond(),
                String.format(Locale.ROOT, "p50 <= %.1f ms, all found", TARGET_P50_MILLIS), met,
                String.format(Locale.ROOT, "%d memories stored first; SQLite store, index beside it; the write "
                        + "was found by the very next search %d of %d times", size, found, both.count()));
    }

    private static boolean addThenSearch(MemoryStore memory, String word, Latencies into) {
        long t0 = System.nanoTime();
        long id = memory.add(MemoryDraft.of(MemoryKind.NOTE, "write then search " + word)).id().value();
        List<SearchHit> hits = memory.search(SearchQuery.of(word));
        if (into != null) {
            into.record(System.nanoTime() - t0);
        }
        return hits.size() == 1 && hits.get(0).id().value() == id;
    }

    private static void add(MemoryStore memory, String word, Latencies into) {
        long t0 = System.nanoTime();
        memory.add(MemoryDraft.of(MemoryKind.NOTE, "write only " + word));
        if (into != null) {
            into.record(System.nanoTime() - t0);
        }
    }
}
