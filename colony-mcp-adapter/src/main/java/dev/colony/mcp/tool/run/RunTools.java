package dev.colony.mcp.tool.run;

import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** The run tools, in the order {@code tools/list} shows them. */
public final class RunTools {

    /** Every run tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SpawnTaskTool.SPEC, CreateTaskTool.SPEC,
            CheckTasksTool.SPEC, AwaitTasksTool.SPEC, TakeTaskTool.SPEC, FinishTaskTool.SPEC, AskUserTool.SPEC,
            AnswerTaskTool.SPEC, KillTaskTool.SPEC, TaskOutputTool.SPEC);

    private RunTools() {
    }
}
