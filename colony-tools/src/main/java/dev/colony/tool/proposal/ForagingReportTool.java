package dev.colony.tool.proposal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.proposal.ForagingReport;
import dev.colony.api.proposal.Proposal;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_foraging_report}: a branch's proposals, pending and promoted. */
public final class ForagingReportTool {

    /** Entries of each part when the call gives no limit. */
    public static final int DEFAULT_LIMIT = 10;
    private static final int MAX_FILES_SHOWN = 3;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(required = true)
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param(value = "The most entries of each part.", defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = Proposals.MAX_REPORT_LIMIT) Integer limit) {
    }

    /**
     * A pending proposal.
     *
     * @param id its id
     * @param summary the change
     * @param strength its strength now
     * @param reinforcementCount how many distinct sessions back it
     * @param touchesFiles its first files
     * @param fileCount how many files it names
     * @param createdAt when it was proposed (epoch ms)
     */
    public record Pending(long id, String summary, double strength, int reinforcementCount, List<String> touchesFiles,
            int fileCount, long createdAt) {

        static Pending of(Proposal proposal) {
            return new Pending(proposal.id(), proposal.summary(), proposal.strength(), proposal.reinforcingSessions(),
                    proposal.touchesFiles().subList(0, Math.min(MAX_FILES_SHOWN, proposal.touchesFiles().size())),
                    proposal.touchesFiles().size(), proposal.createdAt().toEpochMilli());
        }
    }

    /**
     * A promoted proposal.
     *
     * @param id its id
     * @param taskId its task thread
     * @param summary the change
     * @param reinforcementCount how many distinct sessions backed it
     * @param promotedAt when (epoch ms)
     */
    public record Promoted(long id, long taskId, String summary, int reinforcementCount, long promotedAt) {

        static Promoted of(Proposal proposal) {
            return new Promoted(proposal.id(), proposal.task().value(), proposal.summary(),
                    proposal.reinforcingSessions(), proposal.promotedAt().toEpochMilli());
        }
    }

    /**
     * The report.
     *
     * @param pending proposals still gathering backing, strongest first
     * @param promoted proposals that became task threads, newest first
     * @param promotionThreshold the strength at which a proposal is promoted
     * @param noiseFloor pending proposals weaker than this are left out
     * @param fadedCount how many were left out for that
     * @param next what to do next
     */
    public record Result(List<Pending> pending, List<Promoted> promoted, double promotionThreshold, double noiseFloor,
            int fadedCount, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_foraging_report",
            "List a branch's proposals",
            "A branch's pending proposals, strongest first, and the promoted ones with their thread.",
            Args.class, Result.class, (context, args) -> {
                ForagingReport report = context.scope().proposals().report(args.repoRoot(), args.branch(),
                        args.limit() == null ? DEFAULT_LIMIT : args.limit());
                String next = report.pending().isEmpty() && report.promoted().isEmpty()
                        ? "No proposals here; task_propose records one."
                        : "task_reinforce with proposal_id backs a pending one; task_thread or claims on a promoted "
                                + "one's task_id start its work.";
                return new Result(report.pending().stream().map(Pending::of).toList(), report.promoted().stream()
                        .map(Promoted::of).toList(), Proposals.PROMOTION_THRESHOLD, Proposals.NOISE_FLOOR,
                        report.faded(), next);
            });

    private ForagingReportTool() {
    }
}
