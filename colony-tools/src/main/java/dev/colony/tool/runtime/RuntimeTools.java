package dev.colony.tool.runtime;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The resume and status views, in the order {@code tools/list} shows them. */
public final class RuntimeTools {

    /** Every runtime view tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(StartupPanelTool.SPEC, BridgeStatusTool.SPEC);

    private RuntimeTools() {
    }
}
