package dev.colony.tool.signal;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The signal tools, in the order {@code tools/list} shows them. */
public final class SignalTools {

    /** Every signal tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SignalTool.SPEC);

    private SignalTools() {
    }
}
