package dev.colony.tool.message;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The message tools, in the order {@code tools/list} shows them. */
public final class MessageTools {

    /** Every message tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(TaskMessageTool.SPEC, TaskMessagesTool.SPEC,
            MarkReadTool.SPEC, RetractTool.SPEC, ClaimTool.SPEC);

    private MessageTools() {
    }
}
