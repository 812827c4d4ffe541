package dev.colony.tool.rescue;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The rescue tools, in the order {@code tools/list} shows them. */
public final class RescueTools {

    /** Every rescue tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(RescueScanTool.SPEC, RescueRunTool.SPEC);

    private RescueTools() {
    }
}
