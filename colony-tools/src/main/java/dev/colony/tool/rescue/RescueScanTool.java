package dev.colony.tool.rescue;

import dev.colony.api.rescue.Rescues;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
import java.time.Duration;

/** {@code rescue_stranded_scan}: which silent sessions hold claims, and what a rescue would do; changes nothing. */
public final class RescueScanTool {

    /** The arguments. */
    public record Args(
            @Param(defaultValue = "10")
            @Range(min = 1, max = 10_080) Integer strandedAfterMinutes) {
    }

    /** The estimated tokens a scan stays within (the compact tools' budget). */
    public static final int TOKEN_BUDGET = 760;

    /** The tool. */
    public static final ToolSpec<Args, RescueViews.Result> SPEC = ToolSpec.reading("rescue_stranded_scan",
            "Find stranded sessions",
            "Sessions silent while holding claims or sub-tasks, most urgent first, with what "
                    + "rescue_stranded_run would do.",
            Args.class, RescueViews.Result.class, (context, args) -> RescueViews.Result.compact(context.scope()
                    .rescues().scan(minutes(args.strandedAfterMinutes())), TOKEN_BUDGET));

    static Duration minutes(Integer value) {
        return value == null ? Rescues.DEFAULT_STRANDED_AFTER : Duration.ofMinutes(value);
    }

    private RescueScanTool() {
    }
}
