package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

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
        long start = System.nanoTime();
        for (String content : contents) {
            long t0 = System.nanoTime();
            memory.add(MemoryDraft.of(MemoryKind.DECISION, content).withTopics(TOPICS));
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
