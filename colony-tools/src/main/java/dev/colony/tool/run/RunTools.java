package dev.colony.tool.run;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The run tools, in the order {@code tools/list} shows them. */
public final class RunTools {

    /** Every run tool, for a server that runs shell commands. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SpawnTaskTool.SPEC, CreateTaskTool.SPEC,
            CheckTasksTool.SPEC, AwaitTasksTool.SPEC, TakeTaskTool.SPEC, FinishTaskTool.SPEC, AskUserTool.SPEC,
            AnswerTaskTool.SPEC, KillTaskTool.SPEC, TaskOutputTool.SPEC);

    /** The run tools of a server that runs no shell commands: spawn_task for agents only, and no task_output. */
    public static final List<ToolSpec<?, ?>> AGENTS_ONLY = ALL.stream().filter(spec -> spec != TaskOutputTool.SPEC)
            .map(spec -> spec == SpawnTaskTool.SPEC ? SpawnTaskTool.AGENTS_ONLY : spec).toList();

    /** The run tools of a server that runs shell commands ({@link #ALL}) or not ({@link #AGENTS_ONLY}). */
    public static List<ToolSpec<?, ?>> of(boolean shell) {
        return shell ? ALL : AGENTS_ONLY;
    }

    private RunTools() {
    }
}
