package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code task_ready_for_agent}: what the caller should work on next, ranked for its agent type, with the exact
 * claim call ready, and the clear best candidate claimed in the same call.
 */
public final class ReadyForAgentTool {

    /** The text returned when no sub-task is claimable. */
    public static final String EMPTY_STATE = "Nothing to claim: no plan has a sub-task whose dependencies are done. "
            + "For work several agents can share, publish a plan (task_plan_publish); task_list only browses threads.";

    /** The arguments. */
    public record Args(
            @Param
            @Size(max = 4_096) String repoRoot,
            @Param("The most entries; " + PlanRegistry.DEFAULT_READY_LIMIT + " by default.")
            @Range(min = 1, max = PlanRegistry.MAX_READY_LIMIT) Integer limit,
            @Param("false: only look.")
            Boolean autoClaim,
            @Param("false: leave idle sessions' sub-tasks alone.")
            Boolean autoReleaseStaleClaims) {
    }

    /**
     * One ranked sub-task.
     *
     * @param priority its rank, from 1
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param waveIndex its wave
     * @param title what it achieves
     * @param capabilityHint its kind of work
     * @param fileScope its files
     * @param fitScore how well it fits you
     * @param reason continue_current_task, urgent_override or ready_high_score
     * @param reasoning why, with the numbers
     * @param nextTool the call to make: task_plan_claim_subtask, or none when you hold it already
     * @param claimArgs that call's arguments
     */
    public record Entry(int priority, String planSlug, int subtaskIndex, int waveIndex, String title,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String capabilityHint, List<String> fileScope,
            double fitScore, String reason, String reasoning,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String nextTool,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) ClaimArgs claimArgs) {
    }

    /**
     * The arguments of task_plan_claim_subtask for one entry.
     *
     * @param repoRoot the plan's repository
     * @param planSlug the plan
     * @param subtaskIndex the sub-task
     */
    public record ClaimArgs(String repoRoot, String planSlug, int subtaskIndex) {
    }

    /**
     * What was claimed in this call.
     *
     * @param ok whether the claim went through
     * @param planSlug the plan
     * @param subtaskIndex the sub-task
     * @param taskId its thread
     * @param branch its branch
     * @param fileScope the files now claimed
     * @param error why it did not go through
     */
    public record AutoClaimed(boolean ok, String planSlug, int subtaskIndex,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) List<String> fileScope,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String error) {
    }

    /**
     * A sub-task released from a session gone idle.
     *
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param sessionId the session that held it
     * @param agent that session's agent
     * @param claimedAt when it was claimed (epoch ms)
     */
    public record Released(String planSlug, int subtaskIndex, String sessionId, String agent, long claimedAt) {
    }

    /**
     * The queue.
     *
     * @param ready ranked entries, best first
     * @param totalAvailable how many sub-tasks are claimable in all
     * @param nextAction what to do now
     * @param codexMcpCall the top entry's claim as one call, for clients that paste calls
     * @param autoClaimed what this call claimed
     * @param releasedStaleClaims sub-tasks this call released
     * @param emptyState why there is nothing, when there is nothing
     */
    public record Result(List<Entry> ready, int totalAvailable, String nextAction,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String codexMcpCall,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) AutoClaimed autoClaimed,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Released> releasedStaleClaims,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String emptyState) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_ready_for_agent", "Pick the next work",
            "What to work on next: claimable sub-tasks ranked for your agent type; the clear best is claimed "
                    + "at once (auto_claimed), else call next_tool with claim_args.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                ReadyWork work = caller.plans().ready(new ReadyQuery(args.repoRoot(), args.limit() == null
                        ? PlanRegistry.DEFAULT_READY_LIMIT : args.limit(), !Boolean.FALSE.equals(args.autoClaim()),
                        !Boolean.FALSE.equals(args.autoReleaseStaleClaims())));
                List<Entry> entries = new ArrayList<>();
                for (int i = 0; i < work.ready().size(); i++) {
                    ReadyEntry entry = work.ready().get(i);
                    boolean claimable = entry.claimable() && (work.autoClaimed() == null || i > 0);
                    entries.add(new Entry(i + 1, entry.planSlug(), entry.subtask().index(), entry.subtask().wave(),
                            entry.subtask().title(), entry.subtask().capabilityHint(), entry.subtask().fileScope(),
                            entry.fitScore(), entry.reason().wireName(), entry.reasoning(),
                            claimable ? PlanClaimTool.SPEC.name() : null, claimable ? new ClaimArgs(entry.repoRoot(),
                                    entry.planSlug(), entry.subtask().index()) : null));
                }
                List<Released> released = work.released().stream().map(r -> new Released(r.planSlug(),
                        r.subtaskIndex(), r.session().value(), r.agent(), r.claimedAt().toEpochMilli())).toList();
                SubtaskClaim claimed = work.autoClaimed();
                AutoClaimed auto = claimed != null ? new AutoClaimed(true, claimed.planSlug(), claimed.subtaskIndex(),
                        claimed.task().value(), claimed.branch(), claimed.fileScope(), null)
                        : work.autoClaimError() != null && !work.ready().isEmpty() ? new AutoClaimed(false,
                                work.ready().get(0).planSlug(), work.ready().get(0).subtask().index(), null, null,
                                null, work.autoClaimError()) : null;
                Entry top = entries.isEmpty() ? null : entries.get(0);
                String next = nextAction(top, claimed);
                String call = top == null || top.claimArgs() == null ? null : codexCall(top.claimArgs(),
                        top.fileScope());
                return new Result(entries, work.totalAvailable(), next, call, auto, released,
                        entries.isEmpty() ? EMPTY_STATE : null);
            });

    private static String nextAction(Entry top, SubtaskClaim claimed) {
        if (claimed != null) {
            return "Claimed " + claimed.planSlug() + "/sub-" + claimed.subtaskIndex() + " with its files: work on "
                    + claimed.branch() + ", post progress on its thread, then call task_plan_complete_subtask.";
        }
        if (top == null) {
            return "Publish a plan or finish the work others wait on; nothing is claimable now.";
        }
        if (top.nextTool() == null) {
            return "Keep working on " + top.planSlug() + "/sub-" + top.subtaskIndex() + "; complete it before taking "
                    + "another.";
        }
        return "Claim " + top.planSlug() + "/sub-" + top.subtaskIndex() + " with task_plan_claim_subtask and "
                + "claim_args: " + top.reasoning() + ".";
    }

    private static String codexCall(ClaimArgs args, List<String> fileScope) {
        return "mcp__colony__task_plan_claim_subtask({ repo_root: \"" + args.repoRoot() + "\", plan_slug: \""
                + args.planSlug() + "\", subtask_index: " + args.subtaskIndex() + ", file_scope: ["
                + fileScope.stream().map(file -> "\"" + file + "\"").collect(Collectors.joining(", "))
                + "] })";
    }

    private ReadyForAgentTool() {
    }
}
