package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.postgres.PostgresStorageProvider;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * {@code memory.add.pg}: {@code memory.add} on PostgreSQL. Colony's validated, transactional add (its
 * write gate included) against one reused JDBC {@code PreparedStatement} inserting the same row into a
 * table of the same shape ({@code LIKE memories INCLUDING ALL}, plus the same foreign keys) on the same
 * database, one row per transaction on both sides, alternating for several rounds.
 */
final class PostgresMemoryAddScenario implements Scenario {

    private static final String RAW_TABLE = "bench_raw_memories";
    private static final String PREPARED_INSERT = "INSERT INTO " + RAW_TABLE + " (namespace_id, session_id, kind, "
            + "content, topics, macro_topics, created_at, updated_at, metadata, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final AtomicLong rawRev = new AtomicLong();

    @Override
    public String name() {
        return "memory.add.pg";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws Exception {
        String url = PostgresBench.database(options);
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        List<String> contents = IntStream.range(0, perRound)
                .mapToObj(i -> "Decision " + i + ": " + corpus.sentence(12, 30)).toList();
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies preparedSide = new Latencies(perRound * options.rounds());
        PostgresStorageProvider provider = PostgresStorageProvider.open(url, PostgresBench.options());
        try (Colony colony = Colony.builder().storage(provider).build();
                Connection raw = provider.baselineDataSource().getConnection()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            MemoryStore memory = colony.as(actor).memories();
            long namespace = memory.add(MemoryDraft.of(MemoryKind.FACT, "Warm-up memory")).namespace().value();
            createRawTable(raw);
            try (PreparedStatement prepared = raw.prepareStatement(PREPARED_INSERT)) {
                int warmup = Math.min(2_000, perRound);
                runPrepared(prepared, namespace, actor, contents.subList(0, warmup), null);
                runColony(memory, contents.subList(0, warmup), null);
                for (int round = 0; round < options.rounds(); round++) {
                    runPrepared(prepared, namespace, actor, contents, preparedSide);
                    runColony(memory, contents, colonySide);
                }
            } finally {
                try (Statement statement = raw.createStatement()) {
                    statement.execute("DROP TABLE IF EXISTS " + RAW_TABLE);
                }
            }
        }
        double ratio = colonySide.opsPerSecond() / preparedSide.opsPerSecond();
        return new Result(name(), size, colonySide, preparedSide,
                "ops/s of Colony add / ops/s of one reused JDBC PreparedStatement insert", ratio,
                "reported (no target)", true,
                PostgresBench.describe(options, url) + "; one row per transaction on both sides, the baseline "
                        + "in auto-commit without a write gate, Colony with its advisory-lock gate");
    }

    private static void createRawTable(Connection raw) throws SQLException {
        try (Statement statement = raw.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + RAW_TABLE);
            statement.execute("CREATE TABLE " + RAW_TABLE + " (LIKE memories INCLUDING ALL)");
            statement.execute("ALTER TABLE " + RAW_TABLE
                    + " ADD FOREIGN KEY (namespace_id) REFERENCES namespaces (id),"
                    + " ADD FOREIGN KEY (session_id) REFERENCES sessions (id),"
                    + " ADD FOREIGN KEY (task_id) REFERENCES tasks (id),"
                    + " ADD FOREIGN KEY (reply_to) REFERENCES " + RAW_TABLE + " (id)");
        }
    }

    private void runPrepared(PreparedStatement statement, long namespace, Actor actor, List<String> contents,
            Latencies into) throws SQLException {
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
            statement.setLong(10, rawRev.incrementAndGet());
            statement.executeUpdate();
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }

    private static void runColony(MemoryStore memory, List<String> contents, Latencies into) {
        List<String> topics = List.of("bench", "decision");
        long start = System.nanoTime();
        for (String content : contents) {
            long t0 = System.nanoTime();
            memory.add(MemoryDraft.of(MemoryKind.DECISION, content).withTopics(topics));
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
