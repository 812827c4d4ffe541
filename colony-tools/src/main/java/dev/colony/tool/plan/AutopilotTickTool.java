package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
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
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyReason;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.run.Run;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code task_autopilot_tick}: one decision of what to do next, from what needs the caller (the attention read
 * model's needs: batons, messages awaiting an answer, runs) and the ready queue, for a caller that loops on its own schedule. It changes nothing: the ready
 * queue is read without claiming or releasing.
 */
public final class AutopilotTickTool {

    /** The arguments. */
    public record Args(
            @Param("Only ready work of this repository.")
            @Size(max = 4_096) String repoRoot) {
    }

    /**
     * The counts the decision looked at.
     *
     * @param pendingHandoffCount handoffs (and relays that are not about quota) waiting for the caller
     * @param quotaPendingClaimCount quota relays whose claims wait for a taker
     * @param unreadMessageCount unread messages to the caller
     * @param blockingMessageCount those among them marked blocking
     * @param readySubtaskCount claimable plan sub-tasks
     * @param stalledLaneCount stalled lanes of other sessions
     * @param deadHeartbeatLaneCount those that are dead or show no task: noise, not work to take over
     * @param actionableStalledLaneCount the rest: stalled lanes worth a look
     */
    public record Signals(int pendingHandoffCount, int quotaPendingClaimCount, int unreadMessageCount,
            int blockingMessageCount, int readySubtaskCount, int stalledLaneCount, int deadHeartbeatLaneCount,
            int actionableStalledLaneCount) {
    }

    /**
     * The decision.
     *
     * @param generatedAt when it was made (epoch ms)
     * @param decision accept_handoff, accept_quota_relay, reply_blocking_message, reply_message, take_run,
     *     collect_runs, claim_ready, continue_current or no_op
     * @param reason why
     * @param nextTool the call to make, or null for no_op
     * @param nextArgs its arguments
     * @param nextAction the same in words
     * @param suggestedWakeSeconds when to tick again
     * @param signals the counts behind it
     */
    public record Result(long generatedAt, String decision, String reason,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String nextTool,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> nextArgs, String nextAction,
            int suggestedWakeSeconds, Signals signals) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_autopilot_tick", "Decide the next step",
            "One decision for an agent looping on its own (accept a handoff or relay, answer a message, take "
                    + "or collect a run, claim or continue a sub-task, or wait) as next_tool and next_args.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                Attention attention = caller.attention().read(AttentionQuery.defaults());
                ReadyWork work = caller.plans().ready(new ReadyQuery(args.repoRoot(), PlanRegistry.DEFAULT_READY_LIMIT,
                        false, false));
                return decide(caller, attention, work);
            });

    /**
     * The decision for {@code caller} from what needs it and its ready queue; also the next call the resume views
     * recommend. What needs the caller comes first, in the one order the attention read model gives it
     * ({@link Need}), so that the tick never says nothing needs the caller while attention_inbox lists something.
     */
    public static Result decide(CallerScope caller, Attention attention, ReadyWork work) {
        int dead = (int) attention.stalledLanes().stream().filter(AutopilotTickTool::deadHeartbeat).count();
        Signals signals = new Signals(attention.count(Need.HANDOFF), attention.count(Need.QUOTA_RELAY),
                attention.unreadCount(), attention.count(Need.BLOCKING_MESSAGE), work.totalAvailable(),
                attention.stalledLaneCount(), dead, Math.max(0, attention.stalledLaneCount() - dead));
        long at = attention.generatedAt().toEpochMilli();
        Optional<Need> need = attention.firstNeed();
        if (need.isPresent()) {
            return act(need.get(), attention, at, signals);
        }
        Optional<ReadyEntry> top = work.ready().stream().findFirst();
        if (top.isPresent() && top.get().claimable()) {
            ReadyEntry entry = top.get();
            return new Result(at, "claim_ready", "Claim " + entry.planSlug() + "/sub-" + entry.subtask().index()
                    + ": claimable and ranked first (" + entry.reasoning() + ")", "task_plan_claim_subtask",
                    args("repo_root", entry.repoRoot(), "plan_slug", entry.planSlug(), "subtask_index",
                            entry.subtask().index()),
                    "Call task_plan_claim_subtask, then work on " + entry.subtask().branch() + ".", 60, signals);
        }
        if (top.isPresent() && top.get().reason() == ReadyReason.CONTINUE_CURRENT_TASK) {
            ReadyEntry entry = top.get();
            return new Result(at, "continue_current", "You hold " + entry.planSlug() + "/sub-"
                    + entry.subtask().index() + " (" + entry.subtask().title() + ")", "task_plan_complete_subtask",
                    args("plan_slug", entry.planSlug(), "subtask_index", entry.subtask().index()),
                    "Finish it and call task_plan_complete_subtask with a summary, or hand it off.",
                    300, signals);
        }
        return new Result(at, "no_op", "Nothing needs you and nothing is claimable", null, null,
                "Nothing to do now; tick again later.", 1200, signals);
    }

    /** The decision for the most urgent {@code need}, about its first item (the lists come in need order). */
    private static Result act(Need need, Attention attention, long at, Signals signals) {
        switch (need) {
            case HANDOFF -> {
                Baton baton = attention.batons().get(0);
                boolean handoff = baton.kind() == BatonKind.HANDOFF;
                String tool = handoff ? "task_accept_handoff" : "task_accept_relay";
                Map<String, Object> next = args(handoff ? "handoff_observation_id" : "relay_observation_id",
                        baton.id().value());
                return new Result(at, "accept_handoff", (handoff ? "Handoff " : "Relay ") + baton.id() + " from "
                        + baton.fromAgent() + " waits for you: " + baton.summary(), tool, next, "Call " + tool
                        + " to take it over with its files.", 30, signals);
            }
            case QUOTA_RELAY -> {
                Baton baton = attention.batons().get(0);
                return new Result(at, "accept_quota_relay", "Relay " + baton.id() + " left claims of "
                        + baton.fromAgent() + " (out of quota) waiting for a taker", "task_claim_quota_accept",
                        args("task_id", baton.task().value(), "handoff_observation_id", baton.id().value()),
                        "Call task_claim_quota_accept to adopt the claims and resume "
                                + "the work.", 30, signals);
            }
            case BLOCKING_MESSAGE, REPLY -> {
                Message message = attention.unreadMessages().get(0);
                boolean blocking = need == Need.BLOCKING_MESSAGE;
                return new Result(at, blocking ? "reply_blocking_message" : "reply_message", (blocking
                        ? "A blocking message from " + message.fromAgent() + " is unread"
                        : "A message from " + message.fromAgent() + " waits for your reply"), "task_message_mark_read",
                        args("message_observation_id", message.id().value(), "task_id", message.task().value()),
                        "Read it (get_observations with its id), answer with task_message, then mark it read before "
                                + "taking new work.", 30, signals);
            }
            case RUN_FOR_YOU -> {
                Run run = attention.runsForYou().get(0);
                return new Result(at, "take_run", "Run " + run.id() + " was delegated to your agent and nobody took it",
                        "take_task", args("task_id", run.id().value()),
                        "Call take_task, do the job, then report it with finish_task.", 30, signals);
            }
            case ENDED_RUN -> {
                List<String> ended = attention.endedRuns().stream().map(run -> run.id().value()).toList();
                return new Result(at, "collect_runs", attention.endedRunCount() + " run(s) you delegated ended",
                        "await_tasks", args("task_ids", ended),
                        "Call await_tasks to collect their results.", 30, signals);
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

    private AutopilotTickTool() {
    }
}
