package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.resume.AutopilotDecision;
import dev.colony.api.resume.DecisionCounts;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Map;

/**
 * {@code task_autopilot_tick}: one decision of what to do next ({@link dev.colony.api.resume.Autopilot}, decided in
 * core from what needs the caller and its ready queue), for a caller that loops on its own schedule. It changes
 * nothing: the ready queue is read without claiming or releasing.
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
            Args.class, Result.class, (context, args) -> result(context.scope().autopilot().next(args.repoRoot())));

    /** The decision as this tool answers it; also the next call the resume views recommend. */
    public static Result result(AutopilotDecision decision) {
        DecisionCounts counts = decision.counts();
        return new Result(decision.generatedAt().toEpochMilli(), decision.step().wireName(), decision.reason(),
                decision.nextTool(), decision.nextArgs(), decision.nextAction(), decision.suggestedWakeSeconds(),
                new Signals(counts.pendingHandoffCount(), counts.quotaPendingClaimCount(), counts.unreadMessageCount(),
                        counts.blockingMessageCount(), counts.readySubtaskCount(), counts.stalledLaneCount(),
                        counts.deadHeartbeatLaneCount(), counts.actionableStalledLaneCount()));
    }

    private AutopilotTickTool() {
    }
}
