package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * The two sides every {@code memory.add} scenario times, whatever the store: Colony's add, and the
 * cheapest raw write of the same row through one reused {@link PreparedStatement} into a table shaped
 * like {@code memories}. One instance per scenario run, since it numbers the raw rows' revs.
 */
final class AddLoops {

    /** The raw insert of one row of {@code bench_raw_memories}, for {@link #prepared}. */
    static final String PREPARED_INSERT = "INSERT INTO bench_raw_memories (namespace_id, session_id, kind, "
            + "content, topics, macro_topics, created_at, updated_at, metadata, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static final List<String> TOPICS = List.of("bench", "decision");

    /** The raw sides' change-feed numbers: a plain counter, the cheapest way to give each row its rev. */
    private final AtomicLong rawRev = new AtomicLong();

    /** The next rev for a raw row. */
    long nextRev() {
        return rawRev.incrementAndGet();
    }

    /** Writes {@code contents} through {@code statement} (prepared from {@link #PREPARED_INSERT}), timing each into {@code into}. */
    void prepared(PreparedStatement statement, long namespace, Actor actor, List<String> contents, Latencies into)
            throws SQLException {
        long start = System.nanoTime();
        for (String content : contents) {
            long t0 = System.nanoTime();
            long now = System.currentTimeMillis();
            statement.setLong(1, namespace);
            statement.setString(2, actor.session().value());
            statement.setString(3, "decision");
            statement.setString(4, content);
            statement.setString(5, "[\"bench\",\"decision\"]");
            statement.setString(6, "[]");
            statement.setLong(7, now);
            statement.setLong(8, now);
            statement.setString(9, "{}");
            statement.setLong(10, nextRev());
            statement.executeUpdate();
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }

    /** Adds {@code contents} as decisions through Colony, timing each into {@code into} (null: warm-up). */
    static void colony(MemoryStore memory, List<String> contents, Latencies into) {
        timed(contents, into, content -> memory.add(MemoryDraft.of(MemoryKind.DECISION, content).withTopics(TOPICS)));
    }

    /**
     * Runs {@code write} once per item, timing each call into {@code into} and the whole loop as its
     * wall time; {@code into} is {@code null} for a warm-up, which records nothing.
     */
    static <T> void timed(List<T> items, Latencies into, Consumer<T> write) {
        long start = System.nanoTime();
        for (T item : items) {
            long t0 = System.nanoTime();
            write.accept(item);
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }

    /** Colony's side of one round: {@code round} is -1 for the warm-up, when {@code into} is {@code null}. */
    @FunctionalInterface
    interface ColonyRound {
        void run(int round, List<String> contents, Latencies into);
    }

    /**
     * The usual duel on SQLite: the raw prepared insert ({@link #prepared}) into a table beside the
     * store's own, in the same file, against {@code colony}; a warm-up of both (at most 2,000 rows),
     * then {@code rounds} alternating rounds, each side timing {@code contents} into its latencies.
     */
    void againstRawInsert(SqliteStorageProvider provider, long namespace, Actor actor, List<String> contents,
            int rounds, ColonyRound colony, Latencies colonySide, Latencies preparedSide) {
        Jdbi raw = Jdbi.create(provider.baselineDataSource());
        try (Handle handle = raw.open()) {
            MemoryAddScenario.createRawTable(handle);
            try (PreparedStatement prepared = handle.getConnection().prepareStatement(PREPARED_INSERT)) {
                List<String> warmup = contents.subList(0, Math.min(2_000, contents.size()));
                prepared(prepared, namespace, actor, warmup, null);
                colony.run(-1, warmup, null);
                for (int round = 0; round < rounds; round++) {
                    prepared(prepared, namespace, actor, contents, preparedSide);
                    colony.run(round, contents, colonySide);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("raw baseline failed: " + e.getMessage(), e);
        }
    }
}
