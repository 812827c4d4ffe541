package dev.colony.tool.task;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The task-thread tools, in the order {@code tools/list} shows them. */
public final class TaskTools {

    /** Every task-thread tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(TaskThreadTool.SPEC, TaskListTool.SPEC,
            TaskTimelineTool.SPEC, TaskUpdatesSinceTool.SPEC, TaskPostTool.SPEC, TaskNoteWorkingTool.SPEC,
            TaskLinkTool.SPEC, TaskLinksTool.SPEC, TaskUnlinkTool.SPEC, TaskFeedTool.SPEC, RecordEditTool.SPEC,
            DriftCheckTool.SPEC, SuggestApproachTool.SPEC);

    private TaskTools() {
    }
}
