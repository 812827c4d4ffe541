package dev.colony.core;

import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.time.Instant;

/** Builds a Colony on a private in-memory H2 database with an in-memory Lucene index. */
final class ColonyTestSupport {

    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    private ColonyTestSupport() {
    }

    static Colony inMemory(MutableClock clock) {
        return Colony.builder()
                .storage(H2StorageProvider.inMemory())
                .search(LuceneSearch.besideStore())
                .clock(clock)
                .build();
    }
}
