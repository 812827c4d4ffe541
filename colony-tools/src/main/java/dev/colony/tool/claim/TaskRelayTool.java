package dev.colony.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_relay}: leave a resume baton when you may be gone before anyone answers. */
public final class TaskRelayTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "Why you stop.", defaultValue = "unspecified") @Choices(RelayReasons.class) String reason,
            @Param(value = "Where the work stands.", required = true)
            @Size(max = BatonLimits.MAX_SUMMARY_CHARS) String oneLine,
            @Param("The branch the receiver starts from.") @Size(max = 255) String baseBranch,
            @Param(defaultValue = "any")
            @Size(max = 64) String toAgent,
            @Param("A commit or ref holding your changed files.") @Size(max = 255) String fetchFilesAt,
            @Param(value = "How long the relay and your claims wait.", defaultValue = "240")
            @Range(min = 1, max = 720) Integer expiresInMinutes) {
    }

    /**
     * The relay.
     *
     * @param relayObservationId the relay's id (its memory on the thread)
     * @param status pending
     * @param expiresAt when it and its pending claims stop waiting (epoch ms)
     * @param worktreeRecipe how to rebuild your tree
     * @param resumableState recent thread activity
     */
    public record Result(long relayObservationId, String status, long expiresAt, BatonViews.Recipe worktreeRecipe,
            BatonViews.Resumable resumableState) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_relay", "Relay work",
            "Leave unfinished work for whoever comes next when quota, a rate limit or a stop may take you "
                    + "away: your fresh claims wait for the receiver, then weaken.",
            Args.class, Result.class, (context, args) -> {
                Baton baton = context.scope().relays().relay(
                        new RelayRequest(TaskId.of(args.taskId()), RelayReason.fromWire(args.reason()), args.oneLine(),
                                args.baseBranch(), args.toAgent(), args.fetchFilesAt(),
                                ToolArguments.minutes(args.expiresInMinutes())));
                return new Result(baton.id().value(), baton.status().wireName(), baton.expiresAt().toEpochMilli(),
                        BatonViews.Recipe.of(baton.recipe()), BatonViews.Resumable.of(baton.resumable()));
            });

    private TaskRelayTool() {
    }
}
