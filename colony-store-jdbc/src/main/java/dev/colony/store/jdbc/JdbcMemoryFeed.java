package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MemoryFeed;
import java.util.List;
import org.jdbi.v3.core.statement.Query;

/** The change feed of the {@code memories} table: every memory by its latest rev, forgotten ones included. */
final class JdbcMemoryFeed implements MemoryFeed {

    private final JdbcTransaction tx;

    JdbcMemoryFeed(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public List<MemoryDocument> changedSince(long afterRev, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery(
                "SELECT " + MemoryRows.DOCUMENT_COLUMNS + " FROM memories WHERE rev > :after ORDER BY rev LIMIT :limit")) {
            return query.bind("after", afterRev).bind("limit", limit).map(MemoryRows::document).list();
        }
    }

    @Override
    public long latestRev() {
        try (Query query = tx.handle().createQuery("SELECT COALESCE(MAX(rev), 0) FROM memories")) {
            return query.mapTo(Long.class).one();
        }
    }
}
