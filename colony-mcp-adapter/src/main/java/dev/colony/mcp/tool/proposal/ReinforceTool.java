package dev.colony.mcp.tool.proposal;

import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Choices;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.ToolSpec;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** {@code task_reinforce}: back a pending proposal; the backing that crosses the threshold opens its task. */
public final class ReinforceTool {

    /** The kinds of backing, by wire name. */
    public static final class Kinds implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(ReinforcementKind.values()).map(ReinforcementKind::wireName).toList();
        }
    }

    /** The arguments. */
    public record Args(
            @Param(value = "The proposal.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long proposalId,
            @Param(value = "explicit: you agree (1.0); rediscovered: you reached the same idea on your own (1.2); "
                    + "adjacent: you edited a file it touches (0.3).", defaultValue = "explicit")
            @Choices(Kinds.class) String kind,
            @Param("Back it as this session of yours instead of the server's own.") String sessionId,
            @Param("Your agent name, if the session is not yet known to the server.") String agent) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProposalResult> SPEC = ToolSpec.writing("task_reinforce",
            "Back a proposal",
            "Back a pending proposal. A session counts once (its strongest backing); a second session of an agent "
                    + "type already heard counts 0.6. When the strength reaches the threshold the proposal opens "
                    + "a task thread on <branch>/proposal-<id>, exactly once: promoted and task_id say so. "
                    + "Errors: PROPOSAL_NOT_FOUND.",
            Args.class, ProposalResult.class, (context, args) -> ProposalResult.of(context.caller(args.sessionId(),
                    args.agent()).proposals().reinforce(args.proposalId(), args.kind() == null
                            ? ReinforcementKind.EXPLICIT : ReinforcementKind.fromWire(args.kind()))));

    private ReinforceTool() {
    }
}
