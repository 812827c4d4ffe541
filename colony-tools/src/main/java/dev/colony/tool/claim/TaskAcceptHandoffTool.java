package dev.colony.tool.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.baton.Acceptance;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_accept_handoff}: take a pending handoff and its files. */
public final class TaskAcceptHandoffTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long handoffObservationId) {
    }

    /**
     * The accepted handoff.
     *
     * @param status accepted
     * @param taskId the thread
     * @param installedFiles files now claimed by your session
     * @param summary the sender's summary
     * @param nextSteps the sender's next steps
     */
    public record Result(String status, long taskId, List<String> installedFiles, String summary,
            List<String> nextSteps) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_accept_handoff", "Accept a handoff",
            "Accept a handoff to you (or any): take over its work and claim its files.",
            Args.class, Result.class, (context, args) -> {
                Acceptance accepted = context.scope().handoffs()
                        .accept(MemoryId.of(args.handoffObservationId()));
                return new Result(accepted.baton().status().wireName(), accepted.baton().task().value(),
                        accepted.installedFiles(), accepted.baton().summary(), accepted.baton().nextSteps());
            });

    private TaskAcceptHandoffTool() {
    }
}
