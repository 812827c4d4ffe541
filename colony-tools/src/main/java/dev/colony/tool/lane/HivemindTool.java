package dev.colony.tool.lane;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.lane.HivemindTool.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code hivemind}: the live map of sessions, what each works on and how lively it is. */
public final class HivemindTool {

    /** The most repository roots one call names. */
    static final int MAX_ROOTS = 20;

    /** The arguments. */
    public record Args(
            @Param @Size(max = 4_096) String repoRoot,
            @Param
            @Size(max = MAX_ROOTS) List<String> repoRoots,
            @Param(value = "Also dead lanes (ended, or silent an hour).",
                    defaultValue = "false") boolean includeStale,
            @Param(defaultValue = "50") @Range(min = 1, max = Lanes.MAX_LIST_LIMIT)
            int limit) {
    }

    /**
     * One lane, compact.
     *
     * @param sessionId the session
     * @param agent its agent
     * @param activity working, thinking, idle, stalled or dead
     * @param repoRoot its repository root, when known
     * @param branch its branch, when known
     * @param taskId the thread it touched last, when any
     * @param task that thread's title
     * @param lastSeen its last heartbeat (epoch ms)
     * @param claimedFiles up to three files it holds
     * @param claimedFileCount how many files it holds
     */
    public record Entry(String sessionId, String agent, String activity,
            @JsonInclude(JsonInclude.Include.NON_NULL) String repoRoot,
            @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String task, long lastSeen,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> claimedFiles, int claimedFileCount) {

        /** The lane as a compact entry. */
        public static Entry of(Lane lane) {
            return new Entry(lane.session().value(), lane.agent(), lane.activity().wireName(), lane.repoRoot(),
                    lane.branch(), lane.task() == null ? null : lane.task().value(), lane.taskTitle(),
                    lane.lastSeen().toEpochMilli(), lane.claimedFiles(), lane.claimedFileCount());
        }
    }

    /**
     * Lanes per activity.
     *
     * @param working edited or claimed in the last 5 minutes
     * @param thinking seen in the last 5 minutes without editing
     * @param idle silent for 5 to 15 minutes
     * @param stalled silent for 15 to 60 minutes
     * @param dead ended or silent for an hour or more
     */
    public record Counts(int working, int thinking, int idle, int stalled, int dead) {

        static Counts of(List<Lane> lanes) {
            int[] counts = new int[LaneActivity.values().length];
            lanes.forEach(lane -> counts[lane.activity().ordinal()]++);
            return new Counts(counts[0], counts[1], counts[2], counts[3], counts[4]);
        }
    }

    /**
     * The map.
     *
     * @param generatedAt when it was read (epoch ms)
     * @param repoRoots the roots it covers; empty for every repository you can see
     * @param sessionCount how many lanes are listed
     * @param counts every lane per activity, dead ones included, before the limit
     * @param sessions the lanes, most recently seen first
     */
    public record Result(long generatedAt, List<String> repoRoots, int sessionCount, Counts counts,
            List<Entry> sessions) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("hivemind", "See who works on what",
            "Live sessions as lanes: agent, branch, thread, claimed files and activity (working, thinking, "
                    + "idle, stalled, dead).",
            Args.class, Result.class, (context, args) -> {
                Lanes lanes = context.colony().as(context.actor()).lanes();
                Set<String> roots = lanes.roots(args.repoRoot(), args.repoRoots());
                List<Lane> all = lanes.list(new LaneQuery(roots, true, Lanes.MAX_LIST_LIMIT));
                List<Entry> shown = new ArrayList<>();
                for (Lane lane : all) {
                    if (shown.size() < args.limit() && (args.includeStale() || lane.activity() != LaneActivity.DEAD)) {
                        shown.add(Entry.of(lane));
                    }
                }
                return new Result(context.colony().clock().millis(), List.copyOf(roots), shown.size(),
                        Counts.of(all), shown);
            });

    private HivemindTool() {
    }
}
