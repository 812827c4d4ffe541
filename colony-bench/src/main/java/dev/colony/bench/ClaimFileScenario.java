package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.TaskId;
import dev.colony.api.claim.Claims;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

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
            loops.againstRawInsert(provider, namespace, actor, contents, options.rounds(),
                    (round, batch, into) -> {
                        String folder = round < 0 ? "warmup" : "round" + round;
                        AddLoops.timed(IntStream.range(0, batch.size()).boxed().toList(), into,
                                i -> claims.claim(task, "src/" + folder + "/File" + i + ".java", null));
                    },
                    colonySide, preparedSide);
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
}
