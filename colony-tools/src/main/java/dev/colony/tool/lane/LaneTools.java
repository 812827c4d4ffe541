package dev.colony.tool.lane;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The lane and attention tools, in the order {@code tools/list} shows them. */
public final class LaneTools {

    /** Every lane and attention tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(HivemindTool.SPEC, HivemindContextTool.SPEC,
            AttentionInboxTool.SPEC);

    private LaneTools() {
    }
}
