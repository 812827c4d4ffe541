package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.TaskId;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * {@code task.post}: a post on a task thread through Colony against the cheapest raw write of a memory
 * row (one reused JDBC {@code PreparedStatement}, as in {@code memory.add}) in the same SQLite file.
 *
 * <p>A post does more than a memory add: in one transaction it checks the caller's session and the
 * thread, writes the memory with the thread's id, makes sure the poster is a participant and raises the
 * thread's version by compare-and-set. Both sides run one row per transaction and alternate for several
 * rounds.
 */
final class TaskPostScenario implements Scenario {

    static final double TARGET_RATIO = 0.25;

    private final AddLoops loops = new AddLoops();

    @Override
    public String name() {
        return "task.post";
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
                .mapToObj(i -> "Decision " + i + ": " + corpus.sentence(12, 30)).toList();
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies preparedSide = new Latencies(perRound * options.rounds());
        SqliteStorageProvider provider = SqliteStorageProvider.open(db);
        try (Colony colony = Colony.builder().storage(provider).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            TaskThreads threads = colony.as(actor).tasks();
            TaskId task = threads.open(options.workDir().toAbsolutePath().toString(), "bench").thread().id();
            long namespace = threads.post(task, PostDraft.of(PostKind.NOTE, "Warm-up post")).namespace().value();
            loops.againstRawInsert(provider, namespace, actor, contents, options.rounds(),
                    (round, batch, into) -> AddLoops.timed(batch, into,
                            content -> threads.post(task, PostDraft.of(PostKind.DECISION, content))),
                    colonySide, preparedSide);
        }
        double ratio = colonySide.opsPerSecond() / preparedSide.opsPerSecond();
        return new Result(name(), size, colonySide, preparedSide,
                "ops/s of Colony task post / ops/s of one reused JDBC PreparedStatement memory insert", ratio,
                String.format(Locale.ROOT, "ratio >= %.2f", TARGET_RATIO), ratio >= TARGET_RATIO,
                "SQLite file, WAL, synchronous=NORMAL, one row per transaction on both sides; every post also "
                        + "checks the session and the thread, joins the poster and compares-and-sets the thread's "
                        + "version");
    }
}
