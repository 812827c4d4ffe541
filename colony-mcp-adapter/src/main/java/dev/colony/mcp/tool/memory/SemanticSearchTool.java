package dev.colony.mcp.tool.memory;

import dev.colony.api.memory.SearchMode;
import dev.colony.mcp.tool.ToolSpec;

/**
 * {@code semantic_search}: {@code search} by meaning alone, for questions whose words the memories do
 * not share. Same arguments and compact hits as {@link SearchTool}; refused when no embedder is
 * configured.
 */
public final class SemanticSearchTool {

    /** The tool. */
    public static final ToolSpec<SearchTool.Args, SearchTool.Result> SPEC = ToolSpec.reading("semantic_search",
            "Search memory by meaning",
            "Like search, but ranks by meaning alone: the memories whose embeddings are nearest the query's, "
                    + "whatever their words. Use it when search misses because the memory says the same thing in "
                    + "other words (a paraphrase, a synonym, another language of the same idea). Same compact hits; "
                    + "hydrate the few worth reading with get_observations.",
            SearchTool.Args.class, SearchTool.Result.class,
            (context, args) -> SearchTool.run(context, args, SearchMode.VECTOR));

    private SemanticSearchTool() {
    }
}
