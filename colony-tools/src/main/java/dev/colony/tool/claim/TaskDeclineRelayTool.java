package dev.colony.tool.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code task_decline_relay}: refuse a relay you cannot take. */
public final class TaskDeclineRelayTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long relayObservationId,
            @Param("Why, so it can be rerouted.") @Size(max = BatonLimits.MAX_ENTRY_CHARS) String reason) {
    }

    /** The declined relay: status cancelled. */
    public record Result(String status, long relayObservationId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_decline_relay", "Decline a relay",
            "Decline a relay: it is cancelled, its pending claims released, your reason posted.",
            Args.class, Result.class, (context, args) -> {
                Baton baton = context.scope().relays()
                        .decline(MemoryId.of(args.relayObservationId()), args.reason());
                return new Result(baton.status().wireName(), baton.id().value());
            });

    private TaskDeclineRelayTool() {
    }
}
