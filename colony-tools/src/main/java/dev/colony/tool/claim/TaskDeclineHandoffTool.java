package dev.colony.tool.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code task_decline_handoff}: refuse a pending handoff, with a reason for the sender. */
public final class TaskDeclineHandoffTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long handoffObservationId,
            @Param("Why, for the sender.") @Size(max = BatonLimits.MAX_ENTRY_CHARS)
            String reason) {
    }

    /** The declined handoff: status cancelled. */
    public record Result(String status, long handoffObservationId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_decline_handoff", "Decline a handoff",
            "Decline a handoff: it is cancelled and your reason posted, so the sender can reroute it.",
            Args.class, Result.class, (context, args) -> {
                Baton baton = context.scope().handoffs()
                        .decline(MemoryId.of(args.handoffObservationId()), args.reason());
                return new Result(baton.status().wireName(), baton.id().value());
            });

    private TaskDeclineHandoffTool() {
    }
}
