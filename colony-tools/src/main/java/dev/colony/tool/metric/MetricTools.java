package dev.colony.tool.metric;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The metrics tools, in the order {@code tools/list} shows them. */
public final class MetricTools {

    /** Every metrics tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(SavingsReportTool.SPEC);

    private MetricTools() {
    }
}
