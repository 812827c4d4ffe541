package dev.colony.tool.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code search}: compact, ranked hits over the memory the caller may read, by words and meaning, or by meaning
 * alone ({@code meaning_only}: refused when no embedder is configured). Hits carry their position
 * ({@code rank}), not the raw relevance score: the score depends on word statistics across the whole
 * store, including memories the caller cannot read.
 */
public final class SearchTool {

    /** Heads {@code next} when a search by meaning ranked by words because the model is still loading. */
    static final String MODEL_LOADING = "Ranked by words only: the model is still loading; search again shortly "
            + "for meaning too. ";

    /**
     * Heads {@code next} when the search index was catching up with the store in the background, so that some
     * memories could not be found yet; the count follows.
     */
    static final String CATCHING_UP = "The index is still catching up with the store (%d changes to go); memories "
            + "among those cannot be found yet: search again shortly. ";

    /** The most types one filter may name. */
    static final int MAX_TYPES = 20;

    /** The arguments. */
    public record Args(
            @Param(value = "Component names, file paths, exact error text.",
                    required = true)
            @Size(max = MemoryLimits.MAX_QUERY_CHARS) String query,
            @Param(value = "Sharpen the query rather than read more.",
                    defaultValue = "" + SearchQuery.DEFAULT_LIMIT)
            @Range(min = 1, max = MemoryLimits.MAX_SEARCH_LIMIT) int limit,
            @Param("Only this type (fact, decision, failed_approach, ...).")
            String type,
            @Param("Only these types (or type).")
            @Size(max = MAX_TYPES) List<String> types,
            @Param("Only memories written by this session.")
            String sessionId,
            @Param("Only memories posted on this task thread.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param("Rank by meaning alone: finds memories that say it in other words.") Boolean meaningOnly) {
    }

    /**
     * The hits, best first, how they were ranked ({@code hybrid}: words and meaning; {@code keyword}:
     * words only, when no embedder is configured or its model is still loading; {@code vector}: meaning only),
     * and what to do next (which says when the model was loading, or the index was catching up with the store).
     */
    public record Result(List<MemoryViews.Hit> hits, String mode, String hydrateWith, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("search", "Search memory",
            "Search the shared memory by words and meaning: compact hits, best first. Search before starting "
                    + "work; read only the ids you pick with get_observations. Heed warnings such as failed_approach.",
            Args.class, Result.class, (context, args) -> run(context, args,
                    Boolean.TRUE.equals(args.meaningOnly()) ? SearchMode.VECTOR : SearchMode.HYBRID));

    private SearchTool() {
    }

    /** Runs a search of {@code args} ranked by {@code requested} (or by keyword when it needs a missing embedder). */
    static Result run(ToolContext context, Args args, SearchMode requested) {
        Set<MemoryKind> kinds = new LinkedHashSet<>();
        if (args.type() != null) {
            kinds.add(kind("type", args.type()));
        }
        for (int i = 0; i < args.types().size(); i++) {
            kinds.add(kind("types[" + i + "]", args.types().get(i)));
        }
        Caveats caveats = Caveats.before(context);
        SearchMode mode = context.memories().searchMode(requested);
        SearchQuery query = SearchQuery.of(args.query()).withLimit(args.limit()).withKinds(kinds)
                .withSession(ToolArguments.session("session_id", args.sessionId()))
                .withTask(args.taskId() == null ? null : TaskId.of(args.taskId())).withMode(mode);
        List<SearchHit> found = context.memories().search(query);
        List<MemoryViews.Hit> hits = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            hits.add(MemoryViews.Hit.of(found.get(i), i + 1));
        }
        return new Result(hits, mode.id(), "get_observations", caveats.said(requested, mode) + (hits.isEmpty()
                ? "No hits: try other terms (component names, file paths, exact error text) or fewer filters."
                : "Pick the ids worth reading and call get_observations with only those ids."));
    }

    /**
     * What made a search's hits less than complete, read before it ran: the model still loading, the index still
     * catching up with the store. Said first in the search's next step.
     *
     * @param loading whether the model was loading (read before the search's mode)
     * @param backlog how many changes the index could not show searches yet
     */
    record Caveats(boolean loading, long backlog) {

        /** The caveats of a search about to run in {@code context}. */
        static Caveats before(ToolContext context) {
            return new Caveats(context.colony().embedderLoading(), context.colony().searchBacklog());
        }

        /**
         * {@link #CATCHING_UP} with the backlog when there was one, then {@link #MODEL_LOADING} when a search that
         * asked for meaning ({@code requested}) was ranked by words ({@code mode}) because the model was loading;
         * else nothing.
         */
        String said(SearchMode requested, SearchMode mode) {
            return (backlog > 0 ? String.format(Locale.ROOT, CATCHING_UP, backlog) : "")
                    + (loading && requested != SearchMode.KEYWORD && mode == SearchMode.KEYWORD ? MODEL_LOADING : "");
        }
    }

    private static MemoryKind kind(String field, String name) {
        try {
            return MemoryKind.of(name);
        } catch (ColonyException e) {
            throw ColonyException.invalid(field, "must match [a-z][a-z0-9_-]{0,39}, was " + Echo.quoted(name));
        }
    }
}
