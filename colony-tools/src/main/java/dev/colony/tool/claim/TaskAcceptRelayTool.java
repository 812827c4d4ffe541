package dev.colony.tool.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.baton.Acceptance;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_accept_relay}: resume a relayed piece of work in your session. */
public final class TaskAcceptRelayTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long relayObservationId) {
    }

    /**
     * The accepted relay.
     *
     * @param status accepted
     * @param taskId the thread
     * @param installedFiles files now claimed, active, by your session
     * @param oneLine the sender's one-line state
     * @param worktreeRecipe how to rebuild the sender's tree
     * @param resumableState recent thread activity to read first
     */
    public record Result(String status, long taskId, List<String> installedFiles, String oneLine,
            BatonViews.Recipe worktreeRecipe, BatonViews.Resumable resumableState) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_accept_relay", "Accept a relay",
            "Accept a relay and resume its work, claiming its pending files. Read its worktree_recipe first.",
            Args.class, Result.class, (context, args) -> {
                Acceptance accepted = context.scope().relays()
                        .accept(MemoryId.of(args.relayObservationId()));
                return new Result(accepted.baton().status().wireName(), accepted.baton().task().value(),
                        accepted.installedFiles(), accepted.baton().summary(),
                        BatonViews.Recipe.of(accepted.baton().recipe()),
                        BatonViews.Resumable.of(accepted.baton().resumable()));
            });

    private TaskAcceptRelayTool() {
    }
}
