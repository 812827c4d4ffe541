package dev.colony.tool.runtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.Previews;
import dev.colony.api.attention.Need;
import dev.colony.api.baton.Baton;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.message.Message;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyReason;
import dev.colony.api.resume.ResumeQuery;
import dev.colony.api.resume.ResumeView;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.WorkingPointer;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ResultJson;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.plan.AutopilotTickTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code startup_panel}: one compact card to resume from: the caller's thread and working note, its files, what
 * waits for it, the best ready sub-task and the next call, composed from the same reads as
 * {@code hivemind}, {@code attention_inbox}, {@code task_ready_for_agent} and {@code task_autopilot_tick}.
 */
public final class StartupPanelTool {

    private static final int BLOCKING_ITEMS = 3;
    private static final int FILES_SHOWN = 10;
    private static final int PREVIEW_CHARS = 120;

    /** The arguments. */
    public record Args(
            @Param @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Your branch, if you have several lanes.")
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "Ready sub-tasks to weigh.", defaultValue = "3")
            @Range(min = 1, max = 10) Integer readyLimit) {
    }

    /**
     * The caller's thread.
     *
     * @param taskId the thread
     * @param title its title
     * @param branch its branch
     * @param activity the lane's activity
     */
    public record ActiveTask(long taskId, @Nullable String title, @Nullable String branch, String activity) {
    }

    /**
     * The best ready sub-task.
     *
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param title what it achieves
     * @param reason continue_current_task, urgent_override or ready_high_score
     * @param fitScore how well it fits the caller
     * @param claimable whether the caller can claim it now
     */
    public record ReadyTask(String planSlug, int subtaskIndex, String title, String reason, double fitScore,
            boolean claimable) {
    }

    /**
     * The plan sub-task the caller holds.
     *
     * @param planSlug the plan
     * @param subtaskIndex the sub-task
     * @param title what it achieves
     */
    public record ActivePlan(String planSlug, int subtaskIndex, String title) {
    }

    /**
     * Something that waits for the caller, in the order the attention read model gives.
     *
     * @param kind handoff, relay, blocking_message or reply_message (a message awaiting your answer)
     * @param id its observation id
     * @param fromAgent who sent it
     * @param preview its start
     */
    public record BlockingItem(String kind, long id, String fromAgent, String preview) {
    }

    /**
     * The card.
     *
     * @param sessionId the caller's session
     * @param agent the caller's agent
     * @param repoRoot the repository asked about, or the caller's lane's
     * @param branch the caller's lane's branch, or the one asked about
     * @param activeTask the caller's thread
     * @param readyTask the best ready sub-task
     * @param activeQueenPlan the plan sub-task the caller holds
     * @param inboxCount handoffs, relays and unread messages waiting for the caller
     * @param blockingItems the first of them that wait for the caller's action
     * @param claimedFiles the caller's files on its thread
     * @param blocker the working note's blocker
     * @param next the working note's next step
     * @param evidence the working note's evidence
     * @param warnings what looks off
     * @param recommendedNextTool the call to make
     * @param recommendedNextArgs its arguments
     * @param copyPasteNextMcpCalls the call written out
     */
    public record Result(String sessionId, String agent,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String repoRoot,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) ActiveTask activeTask,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) ReadyTask readyTask,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) ActivePlan activeQueenPlan, int inboxCount,
            List<BlockingItem> blockingItems, List<String> claimedFiles,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String blocker,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String next,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String evidence, List<String> warnings,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String recommendedNextTool,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> recommendedNextArgs,
            List<String> copyPasteNextMcpCalls) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("startup_panel", "Show the resume card",
            "One card to start or resume a session: your thread and note, files, what waits for you, the "
                    + "best ready sub-task, warnings and the next call.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                return card(caller, caller.resume().read(new ResumeQuery(args.repoRoot(), args.branch(),
                        args.readyLimit() == null ? 3 : args.readyLimit())), args);
            });

    private static Result card(CallerScope caller, ResumeView state, Args args) {
        Optional<Lane> own = Optional.ofNullable(state.own());
        ActiveTask active = own.filter(lane -> lane.task() != null).map(lane -> new ActiveTask(lane.task().value(),
                lane.taskTitle(), lane.branch(), lane.activity().name().toLowerCase(Locale.ROOT)))
                .orElse(null);
        Optional<ReadyEntry> top = state.work().ready().stream().findFirst();
        ReadyTask ready = top.map(entry -> new ReadyTask(entry.planSlug(), entry.subtask().index(),
                entry.subtask().title(), entry.reason().wireName(), entry.fitScore(), entry.claimable())).orElse(null);
        ActivePlan plan = state.work().ready().stream().filter(entry -> entry.reason()
                == ReadyReason.CONTINUE_CURRENT_TASK).findFirst().map(entry -> new ActivePlan(entry.planSlug(),
                        entry.subtask().index(), entry.subtask().title())).orElse(null);
        List<BlockingItem> blocking = new ArrayList<>();
        for (Baton baton : state.attention().batons()) {
            blocking.add(new BlockingItem(baton.kind().name().toLowerCase(Locale.ROOT), baton.id().value(),
                    baton.fromAgent(), Previews.clip(baton.summary(), PREVIEW_CHARS)));
        }
        for (Message message : state.attention().unreadMessages()) {
            Need.of(message).ifPresent(need -> blocking.add(new BlockingItem(need == Need.BLOCKING_MESSAGE
                    ? "blocking_message" : "reply_message", message.id().value(), message.fromAgent(),
                    Previews.clip(message.preview(), PREVIEW_CHARS))));
        }
        Optional<WorkingPointer> pointer = Optional.ofNullable(state.note()).map(SavedWorkingNote::pointer);
        List<String> warnings = state.warnings().stream().map(warning -> switch (warning) {
            case NO_THREAD -> "No active thread: open one with task_thread (repo_root, branch) before editing.";
            case NO_WORKING_NOTE -> "No working note on thread " + own.get().task().value() + ": task_note_working "
                    + "records next and evidence for whoever resumes.";
            case STALLED_LANES -> state.attention().stalledLaneCount() + " stalled lane(s) hold files; "
                    + "rescue_stranded_scan shows them.";
        }).toList();
        AutopilotTickTool.Result decision = AutopilotTickTool.result(state.decision());
        return new Result(caller.actor().session().value(), caller.actor().agent(),
                args.repoRoot() != null ? args.repoRoot() : own.map(Lane::repoRoot).orElse(null),
                own.map(Lane::branch).orElse(args.branch()), active, ready, plan,
                state.attention().batonCount() + state.attention().unreadCount(),
                blocking.subList(0, Math.min(BLOCKING_ITEMS, blocking.size())),
                state.claims().stream().map(FileClaim::filePath).limit(FILES_SHOWN).toList(),
                pointer.map(WorkingPointer::blocker).orElse(null), pointer.map(WorkingPointer::next).orElse(null),
                pointer.map(WorkingPointer::evidence).orElse(null), warnings, decision.nextTool(), decision.nextArgs(),
                decision.nextTool() == null ? List.of() : List.of(decision.nextTool() + " "
                        + ResultJson.of(decision.nextArgs() == null ? Map.of() : decision.nextArgs())));
    }

    private StartupPanelTool() {
    }
}
