package dev.colony.mcp.tool.proposal;

import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.task.TaskLimits;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code task_propose}: record a candidate piece of future work for others to back. */
public final class ProposeTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The repository (absolute path).", required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The branch the work would start from.", required = true)
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The change, one line.", required = true)
            @Size(max = Proposals.MAX_SUMMARY_CHARS) String summary,
            @Param("Why it is worth doing.") @Size(max = Proposals.MAX_RATIONALE_CHARS) String rationale,
            @Param("The files it would change, relative to repo_root.")
            @Size(max = Proposals.MAX_FILES) List<String> touchesFiles,
            @Param("Propose as this session of yours instead of the server's own.") String sessionId,
            @Param("Your agent name, if the session is not yet known to the server.") String agent) {
    }

    /** The tool. */
    public static final ToolSpec<Args, ProposalResult> SPEC = ToolSpec.writing("task_propose",
            "Propose future work",
            "Record an improvement you noticed but will not do now, on a repository's branch. It becomes a task "
                    + "thread only when backing from several sessions (task_reinforce) reaches the promotion "
                    + "threshold; your proposal counts as one explicit backing. Backing fades by half every hour. "
                    + "Returns proposal_id and strength.",
            Args.class, ProposalResult.class, (context, args) -> ProposalResult.of(context.caller(args.sessionId(),
                    args.agent()).proposals().propose(new ProposalDraft(args.repoRoot(), args.branch(),
                            args.summary(), args.rationale(), args.touchesFiles()))));

    private ProposeTool() {
    }
}
