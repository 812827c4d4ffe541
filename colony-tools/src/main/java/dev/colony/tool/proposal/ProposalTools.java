package dev.colony.tool.proposal;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The proposal tools, in the order {@code tools/list} shows them. */
public final class ProposalTools {

    /** Every proposal tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(ProposeTool.SPEC, ReinforceTool.SPEC,
            ForagingReportTool.SPEC);

    private ProposalTools() {
    }
}
