package dev.colony.mcp.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code search}: compact, ranked hits over the shared memory of the caller's user. */
public final class SearchTool implements ColonyTool {

    /** Maximum number of kinds in one filter. */
    static final int MAX_KINDS = 20;

    private static final InputSchema SCHEMA = InputSchema.object()
            .string("query", true, MemoryLimits.MAX_QUERY_CHARS,
                    "What to look for. Specific terms find more than prose: combine the feature or "
                            + "component name, file paths, class or package names, a task slug and any exact "
                            + "error text you have.")
            .integer("limit", false, 1, MemoryLimits.MAX_SEARCH_LIMIT, SearchQuery.DEFAULT_LIMIT,
                    "Most hits to return, 1 to " + MemoryLimits.MAX_SEARCH_LIMIT + " (default "
                            + SearchQuery.DEFAULT_LIMIT + "). Keep it small and sharpen the query instead of "
                            + "reading long lists.")
            .string("kind", false,
                    "Only hits of this kind, e.g. decision, fact, path, note or failed_approach.")
            .strings("kinds", false, MAX_KINDS,
                    "Only hits of any of these kinds (combined with kind when both are given).")
            .string("session_id", false,
                    "Only memories written by this session (an id from list_sessions or from an earlier hit).")
            .integer("task_id", false, 1, Long.MAX_VALUE, null,
                    "Only memories posted on this task thread.");

    @Override
    public String name() {
        return "search";
    }

    @Override
    public String description() {
        return "Search the shared memory of every agent session of your user and get compact hits: id, "
                + "session_id, kind, a short snippet, score, ts (epoch ms) and task_id. Search first, before "
                + "you start work or repeat an investigation, using query-rich terms from the task. Hits never "
                + "carry full bodies: choose the few ids worth reading and pass only those to get_observations. "
                + "Watch the kind: warnings such as failed_approach are worth reading before you act. Returns "
                + "{hits: [...], hydrate_with, next}, best hit first.";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        String text = arguments.requiredString("query");
        int limit = arguments.optionalInt("limit", 1, MemoryLimits.MAX_SEARCH_LIMIT, SearchQuery.DEFAULT_LIMIT);
        Set<MemoryKind> kinds = new LinkedHashSet<>();
        String kind = arguments.optionalString("kind");
        if (kind != null) {
            kinds.add(kind("kind", kind));
        }
        List<String> more = arguments.optionalStrings("kinds", MAX_KINDS);
        for (int i = 0; i < more.size(); i++) {
            kinds.add(kind("kinds[" + i + "]", more.get(i)));
        }
        SessionId session = arguments.optionalSessionId("session_id");
        Long task = arguments.optionalId("task_id");
        SearchQuery query = SearchQuery.of(text).withLimit(limit).withKinds(kinds)
                .withSession(session)
                .withTask(task == null ? null : TaskId.of(task));
        List<SearchHit> hits = context.memories().search(query);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("hits", hits.stream().map(Views::hit).toList());
        result.put("hydrate_with", "get_observations");
        result.put("next", hits.isEmpty()
                ? "No hits: try other terms (component names, file paths, exact error text) or fewer filters."
                : "Pick the ids worth reading and call get_observations with only those ids.");
        return result;
    }

    private static MemoryKind kind(String field, String name) {
        try {
            return MemoryKind.of(name);
        } catch (ColonyException e) {
            throw ColonyException.invalid(field, "must match [a-z][a-z0-9_-]{0,39}, was '" + name + "'");
        }
    }
}
