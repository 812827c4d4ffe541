package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * {@code plan.claim}: uncontended sub-task claims through Colony, one session taking sub-tasks nobody holds,
 * against the cheapest raw write of a memory row (one reused JDBC {@code PreparedStatement}) in the same
 * SQLite file. The target is on Colony's own throughput.
 *
 * <p>A claim is one transaction that checks the session, finds the plan among the namespaces the caller may
 * read, reads its sub-tasks, compares and sets the sub-task, joins its thread, claims its file (with the
 * claim's guard and audit memory) and writes the sub-task's audit memory. The plans are published before
 * the clock starts: 20 independent sub-tasks each, one file per sub-task.
 */
final class PlanClaimScenario implements Scenario {

    static final double TARGET_CLAIMS_PER_SECOND = 2_000;

    private final AddLoops loops = new AddLoops();

    @Override
    public String name() {
        return "plan.claim";
    }

    @Override
    public int defaultSize() {
        return 4_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        int perRound = Math.max(1, size / options.rounds());
        int total = Math.min(2_000, perRound) + perRound * options.rounds();
        List<String> contents = IntStream.range(0, perRound).mapToObj(i -> "Raw row " + i).toList();
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies preparedSide = new Latencies(perRound * options.rounds());
        SqliteStorageProvider provider = SqliteStorageProvider.open(db);
        String repo = options.workDir().toAbsolutePath().toString();
        try (Colony colony = Colony.builder().storage(provider).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "codex")).actor();
            PlanRegistry plans = colony.as(actor).plans();
            Deque<Pick> open = new ArrayDeque<>();
            for (int plan = 0; open.size() < total; plan++) {
                List<SubtaskDraft> subtasks = new ArrayList<>();
                for (int i = 0; i < PlanRegistry.MAX_SUBTASKS; i++) {
                    subtasks.add(SubtaskDraft.of("Sub-task " + i, List.of("src/p" + plan + "/File" + i + ".java")));
                }
                String slug = "bench-" + plan;
                plans.publish(PlanDraft.of(repo, slug, "Bench plan " + plan, subtasks));
                for (int i = 0; i < PlanRegistry.MAX_SUBTASKS; i++) {
                    open.add(new Pick(new PlanRef(repo, slug), i));
                }
            }
            long namespace = colony.storage().read(tx -> tx.namespaces().findPersonal(actor.user())).orElseThrow()
                    .id().value();
            loops.againstRawInsert(provider, namespace, actor, contents, options.rounds(),
                    (round, batch, into) -> {
                        List<Pick> next = new ArrayList<>(batch.size());
                        for (int i = 0; i < batch.size(); i++) {
                            next.add(open.removeFirst());
                        }
                        AddLoops.timed(next, into, pick -> plans.claim(pick.plan(), pick.subtask()));
                    },
                    colonySide, preparedSide);
        }
        double ratio = colonySide.opsPerSecond() / preparedSide.opsPerSecond();
        double rate = colonySide.opsPerSecond();
        return new Result(name(), size, colonySide, preparedSide,
                "claims/s of Colony sub-task claim / rows/s of one reused JDBC PreparedStatement memory insert", ratio,
                String.format(Locale.ROOT, "claims/s >= %.0f", TARGET_CLAIMS_PER_SECOND),
                rate >= TARGET_CLAIMS_PER_SECOND,
                "SQLite file, WAL, synchronous=NORMAL, one claim per transaction; each uncontended claim also "
                        + "joins the sub-task's thread, claims its one file and writes two audit memories");
    }

    /** One sub-task to claim. */
    private record Pick(PlanRef plan, int subtask) {
    }
}
