package dev.colony.tool.task;

import dev.colony.api.TaskId;
import dev.colony.api.activity.FileActivity;
import dev.colony.api.activity.FileEdit;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/**
 * {@code task_record_edit}: record that the caller edited a file on a thread, for clients without the
 * post-tool-use hook that records edits on its own; file heat, lanes and task_drift_check read these records.
 */
public final class RecordEditTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(required = true)
            @Size(max = FileActivity.MAX_PATH_CHARS) String filePath) {
    }

    /**
     * The recorded edit.
     *
     * @param taskId the thread
     * @param filePath the normalised repo-relative path
     * @param editedAt when (epoch ms)
     */
    public record Result(long taskId, String filePath, long editedAt) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_record_edit", "Record a file edit",
            "Record that you edited a file on a thread, for clients without the edit hook; feeds file heat, "
                    + "lanes and task_drift_check.",
            Args.class, Result.class, (context, args) -> {
                FileEdit edit = context.scope().activity().recordEdit(TaskId.of(args.taskId()),
                        args.filePath());
                return new Result(edit.task().value(), edit.filePath(), edit.editedAt().toEpochMilli());
            });

    private RecordEditTool() {
    }
}
