package dev.colony.tool.runtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.attention.Need;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.resume.LaneRisk;
import dev.colony.api.resume.ResumeQuery;
import dev.colony.api.resume.ResumeView;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.WorkingPointer;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code bridge_status}: the coordination state a status bar or HUD shows, in a fixed schema: lanes by
 * activity with a short preview, the caller's branch, thread, blocker and next step, attention counts, ready
 * work and claimed files. Ids and counts only: no memory bodies. The runtime source is this library's own
 * sessions.
 */
public final class BridgeStatusTool {

    /** The schema name the result carries. */
    public static final String SCHEMA = "colony.omx_hud_status.v1";

    private static final int LANES_SHOWN = 5;
    private static final int FILES_SHOWN = 3;
    private static final int IDS_SHOWN = 10;
    private static final int READY_SHOWN = 3;
    private static final int CLAIMED_LISTED = 20;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Your branch, if you have several lanes.")
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch) {
    }

    /**
     * One lane of the preview.
     *
     * @param branch its branch
     * @param task its thread's title
     * @param owner agent and session
     * @param activity working, thinking, idle, stalled or dead
     * @param needsAttention whether it is stalled or dead while holding files
     * @param risk none, stalled_claims or dead_claims
     * @param source where the lane comes from: session
     * @param lockedFileCount files it claims
     * @param lockedFilePreview the first of them
     */
    public record LanePreview(@Nullable String branch, @Nullable String task, String owner, String activity,
            boolean needsAttention, String risk, String source, int lockedFileCount, List<String> lockedFilePreview) {

        static LanePreview of(Lane lane) {
            return new LanePreview(lane.branch(), lane.taskTitle(), lane.agent() + "/" + lane.session().value(),
                    wire(lane.activity()), LaneRisk.of(lane).needsAttention(), LaneRisk.of(lane).wireName(),
                    "session", lane.claimedFileCount(),
                    lane.claimedFiles().stream().limit(FILES_SHOWN).toList());
        }
    }

    /**
     * The lanes.
     *
     * @param laneCount lanes in the preview
     * @param totalLaneCount lanes in all
     * @param lanesTruncated whether the preview leaves some out
     * @param needsAttentionCount lanes that need attention
     * @param counts lanes by activity (unknown is always 0: every lane here has a known activity)
     * @param lanePreview the first lanes, the caller's first
     */
    public record Hivemind(int laneCount, int totalLaneCount, boolean lanesTruncated, int needsAttentionCount,
            Map<String, Integer> counts, List<LanePreview> lanePreview) {
    }

    /**
     * Where to look.
     *
     * @param taskId the caller's thread
     * @param latestWorkingNoteId its working note
     * @param attentionObservationIds ids of what waits for the caller
     * @param attentionObservationIdsTruncated whether there are more
     * @param hydrateWith the tool that reads them
     */
    public record Evidence(@Nullable Long taskId, @Nullable Long latestWorkingNoteId,
            List<Long> attentionObservationIds, boolean attentionObservationIdsTruncated, String hydrateWith) {
    }

    /**
     * What waits for the caller.
     *
     * @param unreadCount unread messages
     * @param blockingCount blocking ones among them
     * @param blocking whether any blocks
     * @param pendingHandoffCount handoffs and relays addressed to the caller
     * @param pendingWakeCount signals pending for the caller
     * @param stalledLaneCount stalled lanes holding files
     */
    public record AttentionView(int unreadCount, int blockingCount, boolean blocking, int pendingHandoffCount,
            int pendingWakeCount, int stalledLaneCount) {
    }

    /**
     * The counts a status line shows.
     *
     * @param laneNeedsAttentionCount lanes that need attention
     * @param pendingHandoffCount handoffs and relays addressed to the caller
     * @param pendingWakeCount signals pending for the caller
     * @param unreadMessageCount unread messages
     * @param stalledLaneCount stalled lanes holding files
     * @param recentOtherClaimCount fresh claims by other sessions
     * @param blocked whether a blocking message is unread
     */
    public record AttentionCounts(int laneNeedsAttentionCount, int pendingHandoffCount, int pendingWakeCount,
            int unreadMessageCount, int stalledLaneCount, int recentOtherClaimCount, boolean blocked) {
    }

    /**
     * A ready sub-task.
     *
     * @param title what it achieves
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param reason why it ranks here
     * @param fitScore how well it fits the caller
     * @param capabilityHint its kind of work
     * @param fileCount its files
     * @param fileScopePreview the first of them
     */
    public record ReadyPreview(String title, String planSlug, int subtaskIndex, String reason, double fitScore,
            @Nullable String capabilityHint, int fileCount, List<String> fileScopePreview) {

        static ReadyPreview of(ReadyEntry entry) {
            return new ReadyPreview(entry.subtask().title(), entry.planSlug(), entry.subtask().index(),
                    entry.reason().wireName(), entry.fitScore(), entry.subtask().capabilityHint(),
                    entry.subtask().fileScope().size(), entry.subtask().fileScope().stream().limit(FILES_SHOWN)
                            .toList());
        }
    }

    /**
     * A claimed file.
     *
     * @param taskId its thread
     * @param filePath the file
     * @param bySessionId who holds it
     * @param claimedAt since when (epoch ms)
     * @param yours whether the caller holds it
     */
    public record ClaimedFile(long taskId, String filePath, String bySessionId, long claimedAt, boolean yours) {
    }

    /**
     * The caller's working note.
     *
     * @param id its observation id
     * @param taskId its thread
     * @param sessionId the caller's session
     * @param ts when it was saved (epoch ms)
     * @param content its pointer fields in one line
     */
    public record WorkingNoteView(long id, long taskId, String sessionId, long ts, String content) {
    }

    /**
     * The status.
     *
     * @param schema {@value #SCHEMA}
     * @param generatedAt when (ISO-8601)
     * @param runtimeSource colony: this library's own sessions
     * @param hivemind the lanes
     * @param branch the caller's branch
     * @param task the caller's thread's title
     * @param blocker the working note's blocker
     * @param nextAction the next step
     * @param next the same
     * @param evidence where to look
     * @param attention what waits for the caller
     * @param attentionCounts the counts a status line shows
     * @param readyWorkCount claimable sub-tasks
     * @param readyWorkPreview the first of them
     * @param claimedFileCount files the caller holds on its thread
     * @param claimedFilePreview the first of them
     * @param claimedFiles them all (at most {@value #CLAIMED_LISTED})
     * @param latestWorkingNote the caller's working note
     */
    public record Result(String schema, String generatedAt, String runtimeSource, Hivemind hivemind,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String task,
            @Nullable String blocker, String nextAction, String next, Evidence evidence, AttentionView attention,
            AttentionCounts attentionCounts, int readyWorkCount, List<ReadyPreview> readyWorkPreview,
            int claimedFileCount, List<ClaimedFile> claimedFilePreview, List<ClaimedFile> claimedFiles,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) WorkingNoteView latestWorkingNote) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("bridge_status", "Report status for a HUD",
            "Coordination state for a status bar: lanes, your thread, attention counts, ready work, your files; ids "
                    + "and counts only.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                return status(caller, caller.resume().read(new ResumeQuery(args.repoRoot(), args.branch(),
                        READY_SHOWN)));
            });

    private static Result status(CallerScope caller, ResumeView state) {
        int pendingWakes = state.pendingSignals();
        Map<LaneActivity, Integer> byActivity = new EnumMap<>(LaneActivity.class);
        for (LaneActivity activity : LaneActivity.values()) {
            byActivity.put(activity, 0);
        }
        state.lanes().forEach(lane -> byActivity.merge(lane.activity(), 1, Integer::sum));
        Map<String, Integer> counts = new LinkedHashMap<>();
        byActivity.forEach((activity, count) -> counts.put(wire(activity), count));
        counts.put("unknown", 0);
        Optional<Lane> own = Optional.ofNullable(state.own());
        List<Lane> ordered = Stream.concat(own.stream(), state.lanes().stream()
                .filter(lane -> !lane.session().equals(caller.actor().session()))).toList();
        int needing = (int) state.lanes().stream().filter(lane -> LaneRisk.of(lane).needsAttention()).count();
        Hivemind hivemind = new Hivemind(Math.min(LANES_SHOWN, ordered.size()), ordered.size(),
                ordered.size() > LANES_SHOWN, needing, counts, ordered.stream().limit(LANES_SHOWN)
                        .map(LanePreview::of).toList());
        Optional<SavedWorkingNote> saved = Optional.ofNullable(state.note());
        Optional<WorkingPointer> pointer = saved.map(SavedWorkingNote::pointer);
        String next = pointer.map(WorkingPointer::next).orElse(state.decision().nextAction());
        List<Long> ids = new ArrayList<>();
        state.attention().batons().forEach(baton -> ids.add(baton.id().value()));
        state.attention().unreadMessages().forEach(message -> ids.add(message.id().value()));
        Evidence evidence = new Evidence(own.map(Lane::task).map(TaskId::value).orElse(null),
                saved.map(note -> note.id().value()).orElse(null), ids.stream().limit(IDS_SHOWN).toList(),
                ids.size() > IDS_SHOWN, "get_observations");
        int handoffs = (int) state.attention().batons().stream().filter(baton -> baton.kind() == BatonKind.HANDOFF
                || baton.kind() == BatonKind.RELAY).count();
        int blockingCount = state.attention().count(Need.BLOCKING_MESSAGE);
        AttentionView attention = new AttentionView(state.attention().unreadCount(), blockingCount,
                blockingCount > 0, handoffs, pendingWakes, state.attention().stalledLaneCount());
        AttentionCounts attentionCounts = new AttentionCounts(needing, handoffs, pendingWakes,
                state.attention().unreadCount(), state.attention().stalledLaneCount(),
                state.attention().recentOtherClaimCount(), blockingCount > 0);
        List<ClaimedFile> claimed = state.claims().stream().limit(CLAIMED_LISTED).map(claim -> claimed(claim,
                caller)).toList();
        WorkingNoteView note = saved.map(found -> new WorkingNoteView(found.id().value(),
                found.task().value(), found.session().value(), found.savedAt().toEpochMilli(), line(found.pointer())))
                .orElse(null);
        return new Result(SCHEMA, state.attention().generatedAt().truncatedTo(ChronoUnit.MILLIS).toString(),
                "colony", hivemind, own.map(Lane::branch).orElse(null), own.map(Lane::taskTitle).orElse(null),
                pointer.map(WorkingPointer::blocker).orElse(null), next, next, evidence, attention, attentionCounts,
                state.work().totalAvailable(), state.work().ready().stream().filter(ReadyEntry::claimable)
                        .limit(READY_SHOWN).map(ReadyPreview::of).toList(), state.claims().size(),
                claimed.stream().limit(FILES_SHOWN).toList(), claimed, note);
    }

    private static ClaimedFile claimed(FileClaim claim, CallerScope caller) {
        return new ClaimedFile(claim.task().value(), claim.filePath(), claim.session().value(),
                claim.claimedAt().toEpochMilli(), claim.session().equals(caller.actor().session()));
    }

    /** The pointer as one line of {@code field=value} pairs. */
    private static String line(WorkingPointer pointer) {
        List<String> parts = new ArrayList<>();
        add(parts, "branch", pointer.branch());
        add(parts, "task", pointer.task());
        add(parts, "blocker", pointer.blocker());
        add(parts, "next", pointer.next());
        add(parts, "evidence", pointer.evidence());
        return String.join("; ", parts);
    }

    private static void add(List<String> parts, String field, String value) {
        if (value != null) {
            parts.add(field + "=" + value);
        }
    }

    private static String wire(LaneActivity activity) {
        return activity.name().toLowerCase(Locale.ROOT);
    }

    private BridgeStatusTool() {
    }
}
