package dev.colony.core.internal.readmodel;

import dev.colony.api.Actor;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.attention.Need;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.message.Message;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyReason;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.resume.Autopilot;
import dev.colony.api.resume.AutopilotDecision;
import dev.colony.api.resume.DecisionCounts;
import dev.colony.api.resume.NextStep;
import dev.colony.api.run.Run;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.attention.AttentionService;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.plan.PlanService;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link Autopilot} for one caller: what needs it (the attention read model) and its ready queue, read in one
 * transaction, and the one order the next step is chosen in. What needs the caller comes first, in the order of
 * {@link Need}, so the autopilot never says nothing needs the caller while the attention inbox lists something;
 * then the best claimable sub-task; then the sub-task it holds.
 */
public final class AutopilotService implements Autopilot {

    /** How soon to decide again while something waits for the caller, in seconds. */
    static final int WAKE_NEEDED = 30;
    /** How soon to decide again after claiming, in seconds. */
    static final int WAKE_CLAIMED = 60;
    /** How soon to decide again while working on a held sub-task, in seconds. */
    static final int WAKE_WORKING = 300;
    /** How soon to decide again when there is nothing to do, in seconds. */
    static final int WAKE_IDLE = 1200;

    private final Kernel kernel;
    private final CallerStore store;
    private final AttentionService attention;
    private final PlanService plans;

    /** The autopilot of {@code actor}. */
    public AutopilotService(Actor actor, Kernel kernel) {
        Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.attention = new AttentionService(actor, kernel);
        this.plans = new PlanService(actor, kernel);
    }

    @Override
    public AutopilotDecision next(String repoRoot) {
        return StateReads.afterArchiving(kernel, store, plans, (tx, now) -> {
            Attention seen = attention.read(tx, AttentionQuery.defaults(), now);
            return decide(seen, StateReads.ready(plans, tx, repoRoot, PlanRegistry.DEFAULT_READY_LIMIT, now));
        });
    }

    /** The decision from what needs the caller and its ready queue. */
    static AutopilotDecision decide(Attention attention, ReadyWork work) {
        int dead = (int) attention.stalledLanes().stream().filter(AutopilotService::deadHeartbeat).count();
        DecisionCounts counts = new DecisionCounts(attention.count(Need.HANDOFF), attention.count(Need.QUOTA_RELAY),
                attention.unreadCount(), attention.count(Need.BLOCKING_MESSAGE), work.totalAvailable(),
                attention.stalledLaneCount(), dead, Math.max(0, attention.stalledLaneCount() - dead));
        Instant at = attention.generatedAt();
        Optional<Need> need = attention.firstNeed();
        if (need.isPresent()) {
            return act(need.get(), attention, at, counts);
        }
        Optional<ReadyEntry> top = work.ready().stream().findFirst();
        if (top.isPresent() && top.get().claimable()) {
            ReadyEntry entry = top.get();
            return new AutopilotDecision(at, NextStep.CLAIM_READY, "Claim " + entry.planSlug() + "/sub-"
                    + entry.subtask().index() + ": claimable and ranked first (" + entry.reasoning() + ")",
                    "task_plan_claim_subtask", args("repo_root", entry.repoRoot(), "plan_slug", entry.planSlug(),
                            "subtask_index", entry.subtask().index()),
                    "Call task_plan_claim_subtask, then work on " + entry.subtask().branch() + ".", WAKE_CLAIMED,
                    counts);
        }
        if (top.isPresent() && top.get().reason() == ReadyReason.CONTINUE_CURRENT_TASK) {
            ReadyEntry entry = top.get();
            return new AutopilotDecision(at, NextStep.CONTINUE_CURRENT, "You hold " + entry.planSlug() + "/sub-"
                    + entry.subtask().index() + " (" + entry.subtask().title() + ")", "task_plan_complete_subtask",
                    args("plan_slug", entry.planSlug(), "subtask_index", entry.subtask().index()),
                    "Finish it and call task_plan_complete_subtask with a summary, or hand it off.", WAKE_WORKING,
                    counts);
        }
        return new AutopilotDecision(at, NextStep.NO_OP, "Nothing needs you and nothing is claimable", null, null,
                "Nothing to do now; tick again later.", WAKE_IDLE, counts);
    }

    /** The decision for the most urgent {@code need}, about its first item (the lists come in need order). */
    private static AutopilotDecision act(Need need, Attention attention, Instant at, DecisionCounts counts) {
        switch (need) {
            case HANDOFF -> {
                Baton baton = attention.batons().get(0);
                boolean handoff = baton.kind() == BatonKind.HANDOFF;
                String tool = handoff ? "task_accept_handoff" : "task_accept_relay";
                Map<String, Object> next = args(handoff ? "handoff_observation_id" : "relay_observation_id",
                        baton.id().value());
                return new AutopilotDecision(at, NextStep.ACCEPT_HANDOFF, (handoff ? "Handoff " : "Relay ")
                        + baton.id() + " from " + baton.fromAgent() + " waits for you: " + baton.summary(), tool, next,
                        "Call " + tool + " to take it over with its files.", WAKE_NEEDED, counts);
            }
            case QUOTA_RELAY -> {
                Baton baton = attention.batons().get(0);
                return new AutopilotDecision(at, NextStep.ACCEPT_QUOTA_RELAY, "Relay " + baton.id() + " left claims of "
                        + baton.fromAgent() + " (out of quota) waiting for a taker", "task_claim_quota_accept",
                        args("task_id", baton.task().value(), "handoff_observation_id", baton.id().value()),
                        "Call task_claim_quota_accept to adopt the claims and resume the work.", WAKE_NEEDED, counts);
            }
            case BLOCKING_MESSAGE, REPLY -> {
                Message message = attention.unreadMessages().get(0);
                boolean blocking = need == Need.BLOCKING_MESSAGE;
                return new AutopilotDecision(at, blocking ? NextStep.REPLY_BLOCKING_MESSAGE : NextStep.REPLY_MESSAGE,
                        blocking ? "A blocking message from " + message.fromAgent() + " is unread"
                                : "A message from " + message.fromAgent() + " waits for your reply",
                        "task_message_mark_read",
                        args("message_observation_id", message.id().value(), "task_id", message.task().value()),
                        "Read it (get_observations with its id), answer with task_message, then mark it read before "
                                + "taking new work.", WAKE_NEEDED, counts);
            }
            case RUN_FOR_YOU -> {
                Run run = attention.runsForYou().get(0);
                return new AutopilotDecision(at, NextStep.TAKE_RUN, "Run " + run.id()
                        + " was delegated to your agent and nobody took it", "take_task",
                        args("task_id", run.id().value()),
                        "Call take_task, do the job, then report it with finish_task.", WAKE_NEEDED, counts);
            }
            case ENDED_RUN -> {
                List<String> ended = attention.endedRuns().stream().map(run -> run.id().value()).toList();
                return new AutopilotDecision(at, NextStep.COLLECT_RUNS, attention.endedRunCount()
                        + " run(s) you delegated ended", "await_tasks", args("task_ids", ended),
                        "Call await_tasks to collect their results.", WAKE_NEEDED, counts);
            }
            default -> throw new IllegalStateException("no decision for " + need);
        }
    }

    /** A stalled lane that is only a heartbeat: dead, or showing no task at all. */
    private static boolean deadHeartbeat(Lane lane) {
        return lane.activity() == LaneActivity.DEAD || lane.taskTitle() == null || lane.taskTitle().isBlank();
    }

    private static Map<String, Object> args(Object... pairs) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            args.put((String) pairs[i], pairs[i + 1]);
        }
        return args;
    }
}
