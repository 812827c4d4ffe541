package dev.colony.bench;

import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.WriteGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code pg.write.gate}: what serializing PostgreSQL writers costs. Memory inserts through the store
 * (one transaction each) with 1 and with 4 writers, each writer its own provider (as separate
 * processes or machines are), once with each {@link WriteGate}; and, as the ungated reference, the same
 * inserts as raw JDBC with revs from a sequence, which PostgreSQL runs in parallel but which would let
 * a rev become visible after a larger one. The result's subject is the advisory lock with 4 writers,
 * its baseline the gate row with 4 writers; the note has every figure.
 */
final class PostgresWriteGateScenario implements Scenario {

    private static final int[] WRITERS = {1, 4};
    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    @Override
    public String name() {
        return "pg.write.gate";
    }

    /** Inserts per writer in each configuration. */
    @Override
    public int defaultSize() {
        return 2_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws Exception {
        String url = PostgresBench.database(options);
        StringBuilder note = new StringBuilder(PostgresBench.describe(options, url)).append("; writes/s:");
        // An unmeasured pass first, so that the first measured configuration does not pay for JIT warm-up.
        for (WriteGate gate : WriteGate.values()) {
            gated(url, gate, 1, Math.min(1_000, size));
        }
        ungated(url, 1, Math.min(1_000, size));
        Latencies advisoryFour = null;
        Latencies gateRowFour = null;
        for (int writers : WRITERS) {
            note.append(String.format(Locale.ROOT, " %d writer%s:", writers, writers == 1 ? "" : "s"));
            for (WriteGate gate : WriteGate.values()) {
                Latencies measured = gated(url, gate, writers, size);
                note.append(String.format(Locale.ROOT, " %s %.0f (p50 %.3f ms),", gate, measured.opsPerSecond(),
                        measured.percentileMillis(50)));
                if (writers == 4 && gate == WriteGate.ADVISORY_LOCK) {
                    advisoryFour = measured;
                } else if (writers == 4) {
                    gateRowFour = measured;
                }
            }
            Latencies ungated = ungated(url, writers, size);
            note.append(String.format(Locale.ROOT, " raw ungated %.0f (p50 %.3f ms);", ungated.opsPerSecond(),
                    ungated.percentileMillis(50)));
        }
        double ratio = advisoryFour.opsPerSecond() / gateRowFour.opsPerSecond();
        return new Result(name(), size, advisoryFour, gateRowFour,
                "writes/s with 4 writers: advisory lock / gate row", ratio, "reported (no target)", true,
                note.toString());
    }

    /** Inserts through {@code writers} providers with {@code gate}; the latencies of all of them. */
    private static Latencies gated(String url, WriteGate gate, int writers, int perWriter) throws Exception {
        List<StorageProvider> providers = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                providers.add(PostgresStorageProvider.open(url, PostgresBench.options().withWriteGate(gate)));
            }
            Namespace namespace = providers.get(0).write(tx -> {
                tx.sessions().upsert(new Session(SessionId.of("gate-bench"), UserId.of("bench"), "bench", null, null,
                        null, null, T0, null, T0));
                return tx.namespaces().personal(UserId.of("bench"), T0);
            });
            NewMemory memory = new NewMemory(namespace.id(), SessionId.of("gate-bench"), MemoryKind.NOTE,
                    "a memory written to measure the write gate", List.of("bench"), List.of(), null, null, null,
                    null, T0, null, Map.of(), null);
            for (StorageProvider provider : providers) {
                for (int i = 0; i < Math.min(200, perWriter); i++) {
                    provider.write(tx -> tx.memories().insert(memory));
                }
            }
            return together(writers, perWriter, w -> () -> providers.get(w).write(tx -> tx.memories().insert(memory)));
        } finally {
            for (StorageProvider provider : providers) {
                provider.close();
            }
        }
    }

    /** The same rows through raw auto-commit inserts on {@code writers} connections, revs from a sequence. */
    private static Latencies ungated(String url, int writers, int perWriter) throws Exception {
        List<Connection> connections = new ArrayList<>();
        List<PreparedStatement> statements = new ArrayList<>();
        try (PostgresStorageProvider provider = PostgresStorageProvider.open(url, PostgresBench.options())) {
            try (Connection admin = provider.baselineDataSource().getConnection();
                    Statement statement = admin.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS bench_ungated_memories");
                statement.execute("DROP SEQUENCE IF EXISTS bench_ungated_rev");
                statement.execute("CREATE SEQUENCE bench_ungated_rev");
                statement.execute("CREATE TABLE bench_ungated_memories (LIKE memories INCLUDING ALL)");
            }
            long namespace = provider.read(tx -> tx.namespaces().findPersonal(UserId.of("bench"))).orElseThrow()
                    .id().value();
            try {
                for (int w = 0; w < writers; w++) {
                    Connection connection = provider.baselineDataSource().getConnection();
                    connections.add(connection);
                    statements.add(connection.prepareStatement("INSERT INTO bench_ungated_memories (namespace_id, "
                            + "session_id, kind, content, topics, macro_topics, created_at, updated_at, metadata, rev) "
                            + "VALUES (?, 'gate-bench', 'note', 'a memory written to measure the write gate', "
                            + "'[\"bench\"]', '[]', ?, ?, '{}', nextval('bench_ungated_rev'))"));
                }
                return together(writers, perWriter, w -> () -> {
                    PreparedStatement insert = statements.get(w);
                    try {
                        insert.setLong(1, namespace);
                        insert.setLong(2, T0.toEpochMilli());
                        insert.setLong(3, T0.toEpochMilli());
                        insert.executeUpdate();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    return null;
                });
            } finally {
                for (Connection connection : connections) {
                    connection.close();
                }
                try (Connection admin = provider.baselineDataSource().getConnection();
                        Statement statement = admin.createStatement()) {
                    statement.execute("DROP TABLE IF EXISTS bench_ungated_memories");
                    statement.execute("DROP SEQUENCE IF EXISTS bench_ungated_rev");
                }
            }
        }
    }

    /** One write of writer {@code w}. */
    @FunctionalInterface
    private interface WriterOp {
        Callable<?> of(int writer);
    }

    /** Runs {@code perWriter} writes on each of {@code writers} threads at once; the wall time is the slowest. */
    private static Latencies together(int writers, int perWriter, WriterOp op) throws Exception {
        Latencies all = new Latencies(writers * perWriter);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<long[]>> futures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Callable<?> write = op.of(w);
                futures.add(pool.submit(() -> {
                    go.await();
                    long[] nanos = new long[perWriter];
                    for (int i = 0; i < perWriter; i++) {
                        long t0 = System.nanoTime();
                        write.call();
                        nanos[i] = System.nanoTime() - t0;
                    }
                    return nanos;
                }));
            }
            long start = System.nanoTime();
            go.countDown();
            for (Future<long[]> future : futures) {
                for (long nanos : future.get()) {
                    all.record(nanos);
                }
            }
            all.addWall(System.nanoTime() - start);
            return all;
        } finally {
            pool.shutdownNow();
        }
    }
}
