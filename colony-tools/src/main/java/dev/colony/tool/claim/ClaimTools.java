package dev.colony.tool.claim;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The claim and baton tools, in the order {@code tools/list} shows them. */
public final class ClaimTools {

    /** Every claim, handoff, relay and quota-baton tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(TaskClaimFileTool.SPEC, TaskHandOffTool.SPEC,
            TaskAcceptHandoffTool.SPEC, TaskDeclineHandoffTool.SPEC, TaskRelayTool.SPEC, TaskAcceptRelayTool.SPEC,
            TaskDeclineRelayTool.SPEC, TaskClaimQuotaAcceptTool.SPEC, TaskClaimQuotaDeclineTool.SPEC,
            TaskClaimQuotaReleaseExpiredTool.SPEC);

    private ClaimTools() {
    }
}
