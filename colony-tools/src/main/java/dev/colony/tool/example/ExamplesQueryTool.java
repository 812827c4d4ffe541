package dev.colony.tool.example;

import dev.colony.api.example.Examples;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code examples_query}: keyword search within foraged patterns. */
public final class ExamplesQueryTool {

    /** Hits when the call gives no limit. */
    public static final int DEFAULT_LIMIT = 10;

    /** The arguments. */
    public record Args(
            @Param(value = "Keywords: API names, file names, error text.", required = true)
            @Size(max = MemoryLimits.MAX_QUERY_CHARS) String query,
            @Param("Only this example's patterns.")
            @Size(max = 200) String exampleName,
            @Param(defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = Examples.MAX_QUERY_LIMIT) Integer limit) {
    }

    /**
     * A compact hit.
     *
     * @param id the memory
     * @param sessionId the session that foraged it
     * @param kind foraged-pattern
     * @param snippet the matching words in context
     * @param score keyword relevance, comparable within one result
     * @param ts when it was written (epoch ms)
     * @param taskId always null for foraged patterns
     */
    public record Hit(long id, String sessionId, String kind, String snippet, double score, long ts,
            @Nullable Long taskId) {

        static Hit of(SearchHit hit) {
            return new Hit(hit.id().value(), hit.session().value(), hit.kind().name(), hit.snippet(), hit.score(),
                    hit.ts().toEpochMilli(), hit.task() == null ? null : hit.task().value());
        }
    }

    /**
     * The hits.
     *
     * @param hits best first
     */
    public record Result(List<Hit> hits) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("examples_query", "Search foraged examples",
            "Keyword search in the foraged patterns of example projects; read full bodies with get_observations.",
            Args.class, Result.class, (context, args) -> new Result(context.scope().examples()
                    .query(args.query(), args.exampleName(), args.limit() == null ? DEFAULT_LIMIT : args.limit())
                    .stream().map(Hit::of).toList()));

    private ExamplesQueryTool() {
    }
}
