package dev.colony.tool.plan;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The plan tools, in the order {@code tools/list} shows them. */
public final class PlanTools {

    /** Every plan tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(PlanValidateTool.SPEC, PlanPublishTool.SPEC,
            PlanListTool.SPEC, ReadyForAgentTool.SPEC, PlanClaimTool.SPEC, PlanCompleteTool.SPEC, PlanBlockTool.SPEC,
            AutopilotTickTool.SPEC, QueenPlanGoalTool.SPEC);

    private PlanTools() {
    }
}
