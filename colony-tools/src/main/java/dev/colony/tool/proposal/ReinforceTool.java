package dev.colony.tool.proposal;

import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;
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
            @Param(value = "explicit: you agree; rediscovered: you had the idea too; adjacent: you edited its "
                    + "files.", defaultValue = "explicit")
            @Choices(Kinds.class) String kind) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProposalResult> SPEC = ToolSpec.writing("task_reinforce",
            "Back a proposal",
            "Back a pending proposal; at the threshold it opens a thread once (promoted, task_id). A session "
                    + "counts once.",
            Args.class, ProposalResult.class, (context, args) -> ProposalResult.of(context.scope().proposals()
                    .reinforce(args.proposalId(), args.kind() == null ? ReinforcementKind.EXPLICIT
                            : ReinforcementKind.fromWire(args.kind()))));

    private ReinforceTool() {
    }
}
