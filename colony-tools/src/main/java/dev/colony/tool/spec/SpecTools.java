package dev.colony.tool.spec;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The tools of a repository's {@code SPEC.md} and its changes, in the order {@code tools/list} shows them. */
public final class SpecTools {

    /** Every spec tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SpecReadTool.SPEC, SpecBuildContextTool.SPEC,
            SpecChangeOpenTool.SPEC, SpecChangeAddDeltaTool.SPEC, SpecBuildRecordFailureTool.SPEC, SpecArchiveTool.SPEC,
            SpecRowStatusTool.SPEC, OpenSpecSyncStatusTool.SPEC);

    private SpecTools() {
    }
}
