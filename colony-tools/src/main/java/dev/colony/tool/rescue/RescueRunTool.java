package dev.colony.tool.rescue;

import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;

/** {@code rescue_stranded_run}: hand the work of stranded sessions back to the colony, once confirmed. */
public final class RescueRunTool {

    /** The arguments. */
    public record Args(
            @Param(defaultValue = "10")
            @Range(min = 1, max = 10_080) Integer strandedAfterMinutes,
            @Param("true to act.")
            Boolean confirm) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RescueViews.Result> SPEC = ToolSpec.writing("rescue_stranded_run",
            "Rescue stranded sessions",
            "For each thread a stranded session holds, in one transaction: a relay to any agent with its "
                    + "files, its claims released, its sub-task available again.",
            Args.class, RescueViews.Result.class, (context, args) -> RescueViews.Result.of(context.scope().rescues()
                    .run(RescueScanTool.minutes(args.strandedAfterMinutes()), Boolean.TRUE.equals(args.confirm()))))
            .asDestructive();

    private RescueRunTool() {
    }
}
