package dev.colony.tool.lane;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.Previews;
import dev.colony.api.TaskId;
import dev.colony.api.activity.FileHeat;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.attention.Blocker;
import dev.colony.api.attention.Need;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.message.Message;
import dev.colony.api.run.Run;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.claim.TaskAcceptHandoffTool;
import dev.colony.tool.claim.TaskAcceptRelayTool;
import dev.colony.tool.claim.TaskDeclineHandoffTool;
import dev.colony.tool.claim.TaskDeclineRelayTool;
import dev.colony.tool.message.MarkReadTool;
import dev.colony.tool.message.TaskMessageTool;
import dev.colony.tool.run.AwaitTasksTool;
import dev.colony.tool.run.TakeTaskTool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** {@code attention_inbox}: what needs the caller now, in compact buckets within a token budget. */
public final class AttentionInboxTool {

    /** The most estimated tokens a result may cost; compaction drops the least urgent items first. */
    public static final int TOKEN_BUDGET = 760;
    /** Characters of a preview in the inbox: enough to decide whether to hydrate. */
    static final int PREVIEW_CHARS = 80;

    /** The arguments. */
    public record Args(
            @Param @Size(max = 4_096) String repoRoot,
            @Param
            @Size(max = HivemindTool.MAX_ROOTS) List<String> repoRoots,
            @Param("Only these threads.") @Size(max = 50)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> taskIds,
            @Param(value = "Most items per bucket.", defaultValue = "5")
            @Range(min = 1, max = AttentionQuery.MAX_LIMIT) int limit,
            @Param(value = "How recent a claim by others must be.",
                    defaultValue = "30") @Range(min = 1, max = 10_080) int recentClaimWindowMinutes,
            @Param(value = "Most claims by others.", defaultValue = "10")
            @Range(min = 1, max = AttentionQuery.MAX_LIMIT) int recentClaimLimit,
            @Param(value = "Age at which activity counts half.", defaultValue = "30")
            @Range(min = 1, max = 10_080) int fileHeatHalfLifeMinutes,
            @Param(value = "Most hot files.", defaultValue = "5")
            @Range(min = 1, max = AttentionQuery.MAX_LIMIT) int fileHeatLimit) {
    }

    /**
     * Counts per bucket, before compaction, and the one thing to do next.
     *
     * @param unreadMessageCount unread messages to you (counted up to 200)
     * @param blockingMessageCount how many of those are blocking
     * @param pendingHandoffCount live handoffs and relays addressed to you
     * @param blockerCount blocker posts of the last day on threads in scope
     * @param stalledLaneCount other lanes that stalled, or died holding files
     * @param recentClaimCount fresh claims by other sessions in the window
     * @param staleClaimCount claims still held but old
     * @param runsForYouCount runs addressed to your agent that no session took
     * @param endedRunCount runs your agent delegated that ended and that await_tasks has not collected
     * @param blocked whether a blocking message waits for you
     * @param nextAction what to do first
     */
    public record Summary(int unreadMessageCount, int blockingMessageCount, int pendingHandoffCount, int blockerCount,
            int stalledLaneCount, int recentClaimCount, int staleClaimCount, int runsForYouCount, int endedRunCount,
            boolean blocked, String nextAction) {
    }

    /**
     * A run your agent delegated that ended.
     *
     * @param taskId the run
     * @param status finished, failed or killed
     * @param outcome the start of its result or error
     * @param collectTool the tool that returns it whole and marks it collected
     */
    public record EndedRunItem(String taskId, String status, @JsonInclude(JsonInclude.Include.NON_NULL) String outcome,
            String collectTool) {
    }

    /**
     * A run addressed to your agent that nobody took.
     *
     * @param taskId the run
     * @param status queued (created, waits for a slot too) or in_progress (its slot is held for you)
     * @param preview the start of its message
     * @param createdAt when it was spawned or created (epoch ms)
     * @param takeTool the tool that takes it
     */
    public record RunItem(String taskId, String status, String preview, long createdAt, String takeTool) {
    }

    /**
     * An unread message and how to answer it.
     *
     * @param id the message (get_observations for the body)
     * @param taskId its thread
     * @param urgency blocking, needs_reply or fyi
     * @param fromAgent the sender
     * @param preview the start of the body
     * @param replyTool the tool that answers
     * @param suggestedReplyArgs its arguments, with content left to write
     * @param markReadTool the tool that marks it read
     */
    public record MessageItem(long id, long taskId, String urgency, String fromAgent, String preview, String replyTool,
            ReplyArgs suggestedReplyArgs, String markReadTool) {
    }

    /**
     * A reply's arguments.
     *
     * @param taskId the thread
     * @param toAgent the sender's agent
     * @param toSessionId the sender's session
     * @param replyTo the message answered
     * @param content a placeholder for the answer
     */
    public record ReplyArgs(long taskId, String toAgent, String toSessionId, long replyTo, String content) {
    }

    /**
     * A live handoff or relay addressed to you.
     *
     * @param id the baton (its announcement; get_observations for the body)
     * @param kind handoff or relay
     * @param taskId its thread
     * @param fromAgent the sender
     * @param summary the start of its summary
     * @param expiresAt when it expires (epoch ms)
     * @param acceptTool the tool that takes it
     * @param declineTool the tool that declines it
     */
    public record BatonItem(long id, String kind, long taskId, String fromAgent, String summary, long expiresAt,
            String acceptTool, String declineTool) {
    }

    /**
     * A blocker post.
     *
     * @param id the post
     * @param taskId its thread
     * @param sessionId who posted it
     * @param ts when (epoch ms)
     * @param preview the start of its text
     */
    public record BlockerItem(long id, long taskId, String sessionId, long ts, String preview) {
    }

    /**
     * A lane that may need rescue.
     *
     * @param sessionId the session
     * @param agent its agent
     * @param activity stalled or dead
     * @param branch its branch, when known
     * @param taskId its thread, when known
     * @param lastSeen its last heartbeat (epoch ms)
     * @param claimedFileCount how many files it still holds
     */
    public record LaneItem(String sessionId, String agent, String activity,
            @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId, long lastSeen, int claimedFileCount) {
    }

    /**
     * A fresh claim by another session.
     *
     * @param taskId its thread
     * @param filePath the file
     * @param sessionId the owner
     * @param agent the owner's agent
     * @param claimedAt when (epoch ms)
     */
    public record ClaimItem(long taskId, String filePath, String sessionId, String agent, long claimedAt) {
    }

    /**
     * Old claims, summarised apart from live ownership.
     *
     * @param staleClaimCount how many
     * @param topBranches the branches holding most of them
     * @param sweepHint what to do about them, when there are any
     */
    public record StaleSignals(int staleClaimCount, List<String> topBranches,
            @JsonInclude(JsonInclude.Include.NON_NULL) String sweepHint) {
    }

    /**
     * A hot file.
     *
     * @param taskId its thread
     * @param filePath the file
     * @param heat decayed activity: each edit or claim counts 1 now, 0.5 one half-life ago
     * @param events how many edits and claims contributed
     */
    public record HeatItem(long taskId, String filePath, double heat, int events) {
    }

    /**
     * The inbox.
     *
     * @param summary counts and the next action
     * @param unreadMessages blocking first
     * @param pendingHandoffs soonest expiry first
     * @param blockers newest first
     * @param stalledLanes most recently seen first
     * @param recentOtherClaims newest first
     * @param staleClaimSignals the stale-claim summary
     * @param fileHeat hottest first
     * @param runsForYou runs addressed to your agent, oldest first
     * @param endedRuns runs your agent delegated that ended, newest first
     * @param budget what was returned, what was left out and why
     */
    public record Result(Summary summary, List<MessageItem> unreadMessages, List<BatonItem> pendingHandoffs,
            List<BlockerItem> blockers, List<LaneItem> stalledLanes, List<ClaimItem> recentOtherClaims,
            StaleSignals staleClaimSignals, List<HeatItem> fileHeat, List<RunItem> runsForYou,
            List<EndedRunItem> endedRuns, Budget budget) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("attention_inbox", "Check what needs you",
            "What needs you now: handoffs and relays to you, unread messages (blocking first), runs for your "
                    + "agent, your ended runs, blockers, stalled lanes, others' fresh claims, hot files.",
            Args.class, Result.class, (context, args) -> {
                var caller = context.scope();
                List<TaskId> tasks = args.taskIds().stream().map(TaskId::of).toList();
                Attention attention = caller.attention().read(new AttentionQuery(
                        caller.lanes().roots(args.repoRoot(), args.repoRoots()), new LinkedHashSet<>(tasks), args.limit(),
                        Duration.ofMinutes(args.recentClaimWindowMinutes()), args.recentClaimLimit(),
                        Duration.ofMinutes(args.fileHeatHalfLifeMinutes()), args.fileHeatLimit()));
                return compact(attention, TOKEN_BUDGET);
            });

    /**
     * The inbox as a result within {@code maxTokens} (the tool uses {@link #TOKEN_BUDGET}), dropping hot
     * files, then claims, lanes, blockers, ended runs, runs, handoffs and messages from the end until it fits.
     */
    public static Result compact(Attention attention, int maxTokens) {
        List<MessageItem> messages = new ArrayList<>(attention.unreadMessages().stream().map(
                AttentionInboxTool::message).toList());
        List<BatonItem> batons = new ArrayList<>(attention.batons().stream().map(AttentionInboxTool::baton).toList());
        List<BlockerItem> blockers = new ArrayList<>(attention.blockers().stream().map(AttentionInboxTool::blocker)
                .toList());
        List<LaneItem> lanes = new ArrayList<>(attention.stalledLanes().stream().map(AttentionInboxTool::lane).toList());
        List<ClaimItem> claims = new ArrayList<>(attention.recentOtherClaims().stream().map(AttentionInboxTool::claim)
                .toList());
        List<HeatItem> heat = new ArrayList<>(attention.hotFiles().stream().map(AttentionInboxTool::heat).toList());
        List<RunItem> runs = new ArrayList<>(attention.runsForYou().stream().map(AttentionInboxTool::run).toList());
        List<EndedRunItem> ended = new ArrayList<>(attention.endedRuns().stream().map(AttentionInboxTool::ended)
                .toList());
        int blocking = attention.count(Need.BLOCKING_MESSAGE);
        Summary summary = new Summary(attention.unreadCount(), blocking, attention.batonCount(),
                attention.blockerCount(), attention.stalledLaneCount(), attention.recentOtherClaimCount(),
                attention.staleClaims().count(), attention.runsForYouCount(), attention.endedRunCount(), blocking > 0,
                nextAction(attention));
        StaleSignals stale = new StaleSignals(attention.staleClaims().count(), attention.staleClaims().topBranches(),
                attention.staleClaims().count() == 0 ? null
                        : "Old claims no longer mean ownership; their owners can re-claim, and others may claim over "
                                + "them. List them with colony claims.");
        int available = attention.unreadCount() + attention.batonCount() + attention.blockerCount()
                + attention.stalledLaneCount() + attention.recentOtherClaimCount() + attention.hotFiles().size()
                + attention.runsForYouCount() + attention.endedRunCount();
        return TokenBudget.fit(maxTokens, List.of(heat, claims, lanes, blockers, ended, runs, batons, messages),
                (dropped, tokens) -> {
                    int returned = messages.size() + batons.size() + blockers.size() + lanes.size() + claims.size()
                            + heat.size() + runs.size() + ended.size();
                    int collapsed = available - returned;
                    return new Result(summary, List.copyOf(messages), List.copyOf(batons), List.copyOf(blockers),
                            List.copyOf(lanes), List.copyOf(claims), stale, List.copyOf(heat), List.copyOf(runs),
                            List.copyOf(ended), new Budget(available, returned, collapsed, tokens, "get_observations",
                                    collapsed == 0 ? null
                                    : "Compact inbox: the most urgent items per bucket within the token budget; "
                                            + "summary has every count. Raise limit or narrow by task_ids for more."));
                });
    }

    /**
     * What to do first: every need in the order the attention read model gives (the autopilot tick and the
     * startup panel act on the same order), or, when nothing waits for the caller, what is worth a look.
     */
    private static String nextAction(Attention attention) {
        List<String> steps = new ArrayList<>();
        for (Need need : attention.needs().keySet()) {
            steps.add(switch (need) {
                case HANDOFF -> "accept or decline the handoffs addressed to you";
                case QUOTA_RELAY -> "adopt the claims of the quota relays (task_claim_quota_accept)";
                case BLOCKING_MESSAGE -> "reply to the blocking messages";
                case REPLY -> "reply to the messages awaiting your answer";
                case RUN_FOR_YOU -> "take a run delegated to your agent (take_task)";
                case ENDED_RUN -> "collect the runs you delegated that ended (await_tasks with their task_ids)";
            });
        }
        if (!steps.isEmpty()) {
            String first = steps.get(0);
            steps.set(0, Character.toUpperCase(first.charAt(0)) + first.substring(1));
            return String.join(", then ", steps) + " before choosing work.";
        }
        if (attention.blockerCount() > 0) {
            return "Nothing waits for you; review the blockers on your threads before choosing work.";
        }
        if (attention.stalledLaneCount() > 0) {
            return "Nothing waits for you; review the stalled lanes before treating their files as free.";
        }
        if (attention.unreadCount() > 0) {
            return "Nothing needs you now; mark the messages for your information read, then choose work.";
        }
        return "Nothing needs you now: choose work.";
    }

    private static MessageItem message(Message message) {
        return new MessageItem(message.id().value(), message.task().value(), message.urgency().wireName(),
                message.fromAgent(), preview(message.preview()), TaskMessageTool.SPEC.name(),
                new ReplyArgs(message.task().value(), message.fromAgent(), message.fromSession().value(),
                        message.id().value(), "..."),
                MarkReadTool.SPEC.name());
    }

    private static BatonItem baton(Baton baton) {
        boolean relay = baton.kind() == BatonKind.RELAY;
        return new BatonItem(baton.id().value(), baton.kind().wireName(), baton.task().value(), baton.fromAgent(),
                preview(baton.summary() == null ? "" : baton.summary()), baton.expiresAt().toEpochMilli(),
                relay ? TaskAcceptRelayTool.SPEC.name() : TaskAcceptHandoffTool.SPEC.name(),
                relay ? TaskDeclineRelayTool.SPEC.name() : TaskDeclineHandoffTool.SPEC.name());
    }

    private static BlockerItem blocker(Blocker blocker) {
        return new BlockerItem(blocker.id().value(), blocker.task().value(), blocker.session().value(),
                blocker.ts().toEpochMilli(), preview(blocker.preview()));
    }

    private static LaneItem lane(Lane lane) {
        return new LaneItem(lane.session().value(), lane.agent(), lane.activity().wireName(), lane.branch(),
                lane.task() == null ? null : lane.task().value(), lane.lastSeen().toEpochMilli(),
                lane.claimedFileCount());
    }

    private static ClaimItem claim(FileClaim claim) {
        return new ClaimItem(claim.task().value(), claim.filePath(), claim.session().value(), claim.agent(),
                claim.claimedAt().toEpochMilli());
    }

    private static RunItem run(Run run) {
        return new RunItem(run.id().value(), run.status().wireName(), Previews.line(run.message(),
                PREVIEW_CHARS), run.createdAt().toEpochMilli(), TakeTaskTool.SPEC.name());
    }

    private static EndedRunItem ended(Run run) {
        return new EndedRunItem(run.id().value(), run.status().wireName(), Previews.line(run.error() != null
                ? run.error() : run.result(), PREVIEW_CHARS), AwaitTasksTool.SPEC.name());
    }

    private static HeatItem heat(FileHeat heat) {
        return new HeatItem(heat.task().value(), heat.filePath(), heat.heat(), heat.events());
    }

    /** The first {@link #PREVIEW_CHARS} characters, cut at a character boundary. */
    static String preview(String text) {
        if (text.length() <= PREVIEW_CHARS) {
            return text;
        }
        int end = PREVIEW_CHARS - 1;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "\u2026";
    }

    private AttentionInboxTool() {
    }
}
