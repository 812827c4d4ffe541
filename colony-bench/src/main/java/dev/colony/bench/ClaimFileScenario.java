package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.TaskId;
import dev.colony.api.claim.Claims;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * {@code claim.file}: uncontended file claims through Colony, one session claiming files nobody else
 * holds, against the cheapest raw write of a memory row (one reused JDBC {@code PreparedStatement}, as
 * in {@code memory.add}) in the same SQLite file. The target is on Colony's own p95.
 *
 * <p>A claim does more than a memory add: in one transaction it checks the caller's session and the
 * thread, normalises the path, makes sure the caller is a participant, reads the file's claim row, runs
 * the guard, inserts or compares-and-sets the row, writes the {@code claim} audit memory and
 * heartbeats the session. Both sides run one row per transaction and alternate for several rounds.
 */
final class ClaimFileScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 2.0;

    private final AddLoops loops = new AddLoops();

    @Override
    public String name() {
        return "claim.file";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        List<String> contents = IntStream.range(0, perRound)
                .mapToObj(i -> "Claim note " + i + ": " + corpus.sentence(4, 10)).toList();
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies preparedSide = new Latencies(perRound * options.rounds());
        SqliteStorageProvider provider = SqliteStorageProvider.open(db);
        try (Colony colony = Colony.builder().storage(provider).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            TaskId task = colony.as(actor).tasks().open(options.workDir().toAbsolutePath().toString(), "feature/bench")
                    .thread().id();
            Claims claims = colony.as(actor).claims();
            long namespace = colony.storage().read(tx -> tx.tasks().find(task)).orElseThrow().namespace().value();
            Jdbi raw = Jdbi.create(provider.baselineDataSource());
            try (Handle handle = raw.open()) {
                MemoryAddScenario.createRawTable(handle);
                try (PreparedStatement prepared = handle.getConnection().prepareStatement(AddLoops.PREPARED_INSERT)) {
                    int warmup = Math.min(2_000, perRound);
                    loops.prepared(prepared, namespace, actor, contents.subList(0, warmup), null);
                    claim(claims, task, "warmup", warmup, null);
                    for (int round = 0; round < options.rounds(); round++) {
                        loops.prepared(prepared, namespace, actor, contents, preparedSide);
                        claim(claims, task, "round" + round, perRound, colonySide);
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("raw baseline failed: " + e.getMessage(), e);
            }
        }
        double ratio = colonySide.opsPerSecond() / preparedSide.opsPerSecond();
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, preparedSide,
                "ops/s of Colony file claim / ops/s of one reused JDBC PreparedStatement memory insert", ratio,
                String.format(Locale.ROOT, "claim p95 <= %.1f ms", TARGET_P95_MILLIS), p95 <= TARGET_P95_MILLIS,
                "SQLite file, WAL, synchronous=NORMAL, one row per transaction on both sides; every claim is "
                        + "uncontended (a file nobody holds) and also checks the session and the thread, joins, "
                        + "runs the guard and writes the claim row plus its audit memory");
    }

    private static void claim(Claims claims, TaskId task, String prefix, int count, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            String file = "src/" + prefix + "/File" + i + ".java";
            long t0 = System.nanoTime();
            claims.claim(task, file, null);
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
