package dev.colony.tool.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.Runs;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;

/** {@code task_output}: a bounded window of a shell run's output. */
public final class TaskOutputTool {

    /** Bytes a window holds when the call names no size. */
    static final int DEFAULT_BYTES = 4_096;

    /** The arguments. */
    public record Args(
            @Param(required = true) String taskId,
            @Param("Where to start, in bytes.")
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long offset,
            @Param(value = "The most bytes.", defaultValue = "" + DEFAULT_BYTES)
            @Range(min = 1, max = Runs.MAX_OUTPUT_WINDOW) Integer maxBytes) {
    }

    /**
     * The window.
     *
     * @param text the output in the window
     * @param offset where it starts
     * @param nextOffset where the next window starts (equal to size at the end)
     * @param size the output's size so far
     * @param stalled whether the command wrote nothing for 45 s while running
     * @param promptLike whether its last output looks like a prompt (stdin is closed: it will not get an answer)
     * @param dropped how many of the first bytes the server's output cap dropped; absent while nothing was
     */
    public record Result(String text, long offset, long nextOffset, long size, boolean stalled, boolean promptLike,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long dropped) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_output", "Read a shell run's output",
            "A window of a shell run's output (last 4 KiB by default; offset pages from the start); "
                    + "stalled and prompt_like flag a command waiting at a prompt.",
            Args.class, Result.class, (context, args) -> {
                RunOutput output = context.scope().runs().output(RunArgs.id("task_id", args.taskId()),
                        args.offset(), args.maxBytes() == null ? DEFAULT_BYTES : args.maxBytes());
                return new Result(output.text(), output.offset(), output.nextOffset(), output.size(),
                        output.stalled(), output.promptLike(), output.dropped() == 0 ? null : output.dropped());
            });

    private TaskOutputTool() {
    }
}
