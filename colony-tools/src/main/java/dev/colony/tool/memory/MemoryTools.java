package dev.colony.tool.memory;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The memory area's tools, in the order {@code tools/list} shows them. */
public final class MemoryTools {

    /** Every memory tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SearchTool.SPEC,
            GetObservationsTool.SPEC, TimelineTool.SPEC, ListSessionsTool.SPEC, RecallSessionTool.SPEC,
            MemoryAddTool.SPEC, MemoryAddBatchTool.SPEC, MemoryEditTool.SPEC, MemoryForgetTool.SPEC,
            MemoryRetrieveTool.SPEC, MemorySearchTool.SPEC, ClusterObservationsTool.SPEC,
            InitCoreMemoriesTool.SPEC);

    private MemoryTools() {
    }
}
