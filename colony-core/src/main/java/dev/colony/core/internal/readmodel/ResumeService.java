package dev.colony.core.internal.readmodel;

import dev.colony.api.Actor;
import dev.colony.api.TaskId;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.Lanes;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.resume.ResumeQuery;
import dev.colony.api.resume.ResumeView;
import dev.colony.api.resume.ResumeViews;
import dev.colony.api.resume.ResumeWarning;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.core.internal.attention.AttentionService;
import dev.colony.core.internal.claim.ClaimService;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.lane.LaneService;
import dev.colony.core.internal.plan.PlanService;
import dev.colony.core.internal.signal.SignalService;
import dev.colony.core.internal.task.TaskThreadService;
import dev.colony.core.internal.task.ThreadScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@link ResumeViews} for one caller: the lanes, what needs it, its ready queue, its claims and working note on its
 * thread and its pending signals, all read in one transaction (so the parts agree with each other), with the
 * autopilot's decision and the warnings over the same state.
 */
public final class ResumeService implements ResumeViews {

    private final Actor actor;
    private final Kernel kernel;
    private final LaneService lanes;
    private final AttentionService attention;
    private final PlanService plans;
    private final ClaimService claims;
    private final TaskThreadService threads;
    private final SignalService signals;

    /** The resume views of {@code actor}, whose pending signals {@code signals} reads. */
    public ResumeService(Actor actor, Kernel kernel, SignalService signals) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.lanes = new LaneService(actor, kernel);
        this.attention = new AttentionService(actor, kernel);
        this.plans = new PlanService(actor, kernel);
        this.claims = new ClaimService(actor, kernel);
        this.threads = new TaskThreadService(actor, kernel);
        this.signals = Objects.requireNonNull(signals, "signals");
    }

    @Override
    public ResumeView read(ResumeQuery query) {
        Check.required("query", query);
        String branch = query.branch();
        return StateReads.afterArchiving(kernel, kernel.store(actor.user()), plans, (tx, now) -> {
            Set<String> roots = query.repoRoot() == null ? Set.of()
                    : ThreadScope.roots("repo_roots", Set.of(query.repoRoot()));
            List<Lane> all = lanes.list(tx, roots, true, Lanes.MAX_LIST_LIMIT, now);
            Lane own = all.stream().filter(lane -> lane.session().equals(actor.session()))
                    .min(Comparator.comparing((Lane lane) -> branch == null || !branch.equals(lane.branch())))
                    .orElse(null);
            Attention seen = attention.read(tx, AttentionQuery.defaults(), now);
            ReadyWork work = StateReads.ready(plans, tx, query.repoRoot(), query.readyLimit(), now);
            TaskId task = own == null ? null : own.task();
            List<FileClaim> held = task == null ? List.of() : claims.list(tx, task, ResumeView.CLAIMS_READ, now)
                    .stream().filter(claim -> claim.session().equals(actor.session())).toList();
            SavedWorkingNote note = task == null ? null : threads.workingNote(tx, task).orElse(null);
            int pending = signals.check(tx, 1, now).pending();
            return new ResumeView(all, own, seen, work, held, note, pending, AutopilotService.decide(seen, work),
                    warnings(task, note, seen));
        });
    }

    /** What looks off: no thread, else no working note on it; stalled lanes of others. */
    static List<ResumeWarning> warnings(TaskId task, SavedWorkingNote note, Attention attention) {
        List<ResumeWarning> warnings = new ArrayList<>();
        if (task == null) {
            warnings.add(ResumeWarning.NO_THREAD);
        } else if (note == null) {
            warnings.add(ResumeWarning.NO_WORKING_NOTE);
        }
        if (attention.stalledLaneCount() > 0) {
            warnings.add(ResumeWarning.STALLED_LANES);
        }
        return warnings;
    }
}
