package dev.colony.mcp.tool.rescue;

import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.ToolSpec;

/** {@code rescue_stranded_run}: hand the work of stranded sessions back to the colony, once confirmed. */
public final class RescueRunTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Silence, in minutes, after which a session holding claims counts as stranded.",
                    defaultValue = "10")
            @Range(min = 1, max = 10_080) Integer strandedAfterMinutes,
            @Param("true to act; without it nothing changes and RESCUE_CONFIRM_REQUIRED is returned.")
            Boolean confirm) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RescueViews.Result> SPEC = ToolSpec.writing("rescue_stranded_run",
            "Rescue stranded sessions",
            "For every thread a stranded session holds: emit a relay to any agent listing its files, release its "
                    + "claims there and put its plan sub-task back to available, all in one transaction. Nobody is "
                    + "assigned; whoever accepts the relay claims the files. Needs confirm: true "
                    + "(RESCUE_CONFIRM_REQUIRED otherwise); rescue_stranded_scan previews it.",
            Args.class, RescueViews.Result.class, (context, args) -> RescueViews.Result.of(context.scope().rescues()
                    .run(RescueScanTool.minutes(args.strandedAfterMinutes()), Boolean.TRUE.equals(args.confirm()))))
            .asDestructive();

    private RescueRunTool() {
    }
}
