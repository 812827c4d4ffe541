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
            "Like search, ranked by meaning alone: finds a memory that says the same in other words.",
            SearchTool.Args.class, SearchTool.Result.class,
            (context, args) -> SearchTool.run(context, args, SearchMode.VECTOR));

    private SemanticSearchTool() {
    }
}
