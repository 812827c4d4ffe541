package dev.colony.tool.proposal;

import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_propose}: record a candidate piece of future work for others to back. */
public final class ProposeTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The branch the work would start from.", required = true)
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The change, one line.", required = true)
            @Size(max = Proposals.MAX_SUMMARY_CHARS) String summary,
            @Param("Why it is worth doing.") @Size(max = Proposals.MAX_RATIONALE_CHARS) String rationale,
            @Param("The files it would change.")
            @Size(max = Proposals.MAX_FILES) List<String> touchesFiles) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProposalResult> SPEC = ToolSpec.writing("task_propose",
            "Propose future work",
            "Record an improvement you will not do now; it becomes a task thread once enough sessions back "
                    + "it (task_reinforce). Backing halves every hour.",
            Args.class, ProposalResult.class, (context, args) -> ProposalResult.of(context.scope().proposals()
                    .propose(new ProposalDraft(args.repoRoot(), args.branch(), args.summary(), args.rationale(),
                            args.touchesFiles()))));

    private ProposeTool() {
    }
}
