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
import java.util.stream.IntStream;

/**
 * {@code memory.add.pg}: {@code memory.add} on PostgreSQL. Colony's validated, transactional add (its
 * write gate included) against one reused JDBC {@code PreparedStatement} inserting the same row into a
 * table of the same shape ({@code LIKE memories INCLUDING ALL}, plus the same foreign keys) on the same
 * database, one row per transaction on both sides, alternating for several rounds.
 */
final class PostgresMemoryAddScenario implements Scenario {

    private static final String RAW_TABLE = "bench_raw_memories";

    /** Both timed sides; its raw rows' revs continue across runs of this scenario. */
    private final AddLoops loops = new AddLoops();
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
            try (PreparedStatement prepared = raw.prepareStatement(AddLoops.PREPARED_INSERT)) {
                int warmup = Math.min(2_000, perRound);
                loops.prepared(prepared, namespace, actor, contents.subList(0, warmup), null);
                AddLoops.colony(memory, contents.subList(0, warmup), null);
                for (int round = 0; round < options.rounds(); round++) {
                    loops.prepared(prepared, namespace, actor, contents, preparedSide);
                    AddLoops.colony(memory, contents, colonySide);
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

}
