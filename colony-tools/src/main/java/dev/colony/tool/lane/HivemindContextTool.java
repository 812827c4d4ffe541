package dev.colony.tool.lane;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.task.PostKind;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.memory.MemoryViews;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code hivemind_context}: lanes plus compact memory hits and negative warnings, and a summary that
 * sends the agent to {@code attention_inbox} before it chooses work.
 */
public final class HivemindContextTool {

    /** The most estimated tokens a result may cost; lanes and hits are dropped from the end to fit. */
    public static final int TOKEN_BUDGET = 760;
    /** The post kinds that warn another agent off a path. */
    static final Set<MemoryKind> WARNINGS = Arrays.stream(PostKind.values()).filter(PostKind::isWarning)
            .map(PostKind::memoryKind).collect(Collectors.toUnmodifiableSet());
    private static final int DERIVED_QUERY_CHARS = 200;

    /** The arguments. */
    public record Args(
            @Param @Size(max = 4_096) String repoRoot,
            @Param
            @Size(max = HivemindTool.MAX_ROOTS) List<String> repoRoots,
            @Param("What you are about to do (default: the lanes' threads).") @Size(max = 1_000) String query,
            @Param(value = "Memory hits and warnings to return.", defaultValue = "3")
            @Range(min = 1, max = 10) int memoryLimit,
            @Param(value = "Also dead lanes.", defaultValue = "false") boolean includeStale,
            @Param(defaultValue = "20") @Range(min = 1, max = Lanes.MAX_LIST_LIMIT)
            int limit) {
    }

    /**
     * One lane, as short as possible.
     *
     * @param sessionId the session
     * @param owner its agent
     * @param activity working, thinking, idle, stalled or dead
     * @param branch its branch, when known
     * @param taskId its thread, when known
     * @param task that thread's title
     * @param needsAttention whether it stalled or died
     */
    public record LaneItem(String sessionId, String owner, String activity,
            @JsonInclude(JsonInclude.Include.NON_NULL) String branch,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId,
            @JsonInclude(JsonInclude.Include.NON_NULL) String task, boolean needsAttention) {

        static LaneItem of(Lane lane) {
            return new LaneItem(lane.session().value(), lane.agent(), lane.activity().wireName(), lane.branch(),
                    lane.task() == null ? null : lane.task().value(), lane.taskTitle(),
                    lane.activity().needsAttention());
        }
    }

    /**
     * Your attention counts, to hydrate with attention_inbox.
     *
     * @param unreadMessages unread messages to you
     * @param pendingHandoffs live handoffs and relays to you
     * @param blocking whether a blocking message waits
     * @param observationIds the ids of the most urgent of them
     * @param hydrateWith the tool that shows them
     */
    public record AttentionCounts(int unreadMessages, int pendingHandoffs, boolean blocking, List<Long> observationIds,
            String hydrateWith) {
    }

    /**
     * What this says and where to go next.
     *
     * @param laneCount lanes found (before compaction)
     * @param memoryHitCount memory hits found
     * @param negativeWarningCount warnings found
     * @param needsAttentionCount lanes found that stalled or died
     * @param nextAction what to do next
     * @param suggestedTools the tools to call next, in order
     * @param mustCheckAttention always true: choose work only after attention_inbox
     * @param memoryQuery the query the hits were found with, when there was one
     */
    public record Summary(int laneCount, int memoryHitCount, int negativeWarningCount, int needsAttentionCount,
            String nextAction, List<String> suggestedTools, boolean mustCheckAttention,
            @JsonInclude(JsonInclude.Include.NON_NULL) String memoryQuery) {
    }

    /**
     * The context.
     *
     * @param generatedAt when it was read (epoch ms)
     * @param summary counts and next steps
     * @param attention your attention counts
     * @param lanes the lanes, most recently seen first
     * @param memoryHits compact hits for the query (no bodies)
     * @param negativeWarnings failed approaches, blocked paths, conflicts and reverted solutions for the query
     * @param budget what was returned, what was left out and why
     */
    public record Result(long generatedAt, Summary summary, AttentionCounts attention, List<LaneItem> lanes,
            List<MemoryViews.Hit> memoryHits, List<MemoryViews.Hit> negativeWarnings, Budget budget) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("hivemind_context",
            "See lanes, related memory and warnings",
            "Before editing: lanes, compact memory hits for your work, warnings others left and your "
                    + "attention counts, within about 800 tokens.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                Set<String> roots = caller.lanes().roots(args.repoRoot(), args.repoRoots());
                List<Lane> lanes = caller.lanes().list(new LaneQuery(roots, args.includeStale(), args.limit()));
                Attention attention = caller.attention().read(new AttentionQuery(roots, Set.of(), 3,
                        AttentionQuery.defaults().recentClaimWindow(), 1, AttentionQuery.defaults().heatHalfLife(), 1));
                String query = args.query() != null && !args.query().isBlank() ? args.query() : derivedQuery(lanes);
                List<SearchHit> warned = search(caller, query, WARNINGS, args.memoryLimit());
                Set<MemoryId> warnedIds = warned.stream().map(SearchHit::id).collect(Collectors.toSet());
                List<SearchHit> found = search(caller, query, Set.of(), args.memoryLimit() + warned.size()).stream()
                        .filter(hit -> !warnedIds.contains(hit.id())).limit(args.memoryLimit()).toList();
                List<MemoryViews.Hit> warnings = ranked(warned);
                List<MemoryViews.Hit> hits = ranked(found);
                List<LaneItem> laneItems = new ArrayList<>(lanes.stream().map(LaneItem::of).toList());
                return compact(context.colony().clock().millis(), laneItems, hits, warnings, attention, query);
            });

    private static Result compact(long now, List<LaneItem> lanes, List<MemoryViews.Hit> hits,
            List<MemoryViews.Hit> warnings, Attention attention, String query) {
        List<Long> urgent = new ArrayList<>();
        attention.unreadMessages().forEach(m -> urgent.add(m.id().value()));
        attention.batons().forEach(b -> urgent.add(b.id().value()));
        AttentionCounts counts = new AttentionCounts(attention.unreadCount(), attention.batonCount(),
                attention.blocking(), urgent, AttentionInboxTool.SPEC.name());
        int available = lanes.size() + hits.size() + warnings.size();
        int laneCount = lanes.size();
        int attentionLanes = (int) lanes.stream().filter(LaneItem::needsAttention).count();
        int hitCount = hits.size();
        int warningCount = warnings.size();
        return TokenBudget.fit(TOKEN_BUDGET, List.of(hits, lanes, warnings), (dropped, tokens) -> {
            Summary summary = new Summary(laneCount, hitCount, warningCount, attentionLanes,
                    "Do not choose work yet: call attention_inbox, then task_ready_for_agent where this server "
                            + "offers it (task_list otherwise).",
                    List.of(AttentionInboxTool.SPEC.name(), "task_ready_for_agent"), true, query);
            int returned = lanes.size() + hits.size() + warnings.size();
            return new Result(now, summary, counts, List.copyOf(lanes), List.copyOf(hits), List.copyOf(warnings),
                    new Budget(available, returned, available - returned, tokens, AttentionInboxTool.SPEC.name(),
                            available == returned ? null
                                    : "Compact context: the most recent lanes and the best hits within the token "
                                            + "budget; lower limit or memory_limit, or narrow by repo_root."));
        });
    }

    /** The titles and branches of the lanes' threads, as one query; {@code null} when there are none. */
    static String derivedQuery(List<Lane> lanes) {
        Set<String> words = new LinkedHashSet<>();
        for (Lane lane : lanes) {
            if (lane.activity() != LaneActivity.DEAD && lane.taskTitle() != null) {
                words.add(lane.taskTitle());
            }
            if (lane.branch() != null) {
                words.add(lane.branch().replace('/', ' ').replace('-', ' '));
            }
        }
        String text = String.join(" ", words).strip();
        if (text.isEmpty()) {
            return null;
        }
        return text.length() > DERIVED_QUERY_CHARS ? text.substring(0, DERIVED_QUERY_CHARS) : text;
    }

    /** Compact hits, ranked 1 to n in their order, in a list compaction may shorten. */
    private static List<MemoryViews.Hit> ranked(List<SearchHit> found) {
        List<MemoryViews.Hit> hits = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            hits.add(MemoryViews.Hit.of(found.get(i), i + 1));
        }
        return hits;
    }

    /** Hits for {@code query}; none without a query, or while search is unavailable (no index, or one not open now). */
    private static List<SearchHit> search(CallerScope caller, String query, Set<MemoryKind> kinds, int limit) {
        if (query == null) {
            return List.of();
        }
        try {
            return caller.memories().search(SearchQuery.of(query).withLimit(limit).withKinds(kinds));
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.UNAVAILABLE || e.code() == ErrorCode.SEARCH_UNAVAILABLE) {
                return List.of();
            }
            throw e;
        }
    }

    private HivemindContextTool() {
    }
}
