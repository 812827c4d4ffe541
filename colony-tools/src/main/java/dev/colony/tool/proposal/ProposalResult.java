package dev.colony.tool.proposal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.proposal.Reinforcement;
import dev.colony.tool.Nullable;

/**
 * What task_propose and task_reinforce return.
 *
 * @param proposalId the proposal
 * @param strength its strength now
 * @param promotionThreshold the strength at which it becomes a task
 * @param promoted whether it has become a task
 * @param taskId its task thread once promoted
 * @param branch that thread's branch
 * @param next what to do next
 */
public record ProposalResult(long proposalId, double strength, double promotionThreshold, boolean promoted,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId,
        @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String branch, String next) {

    static ProposalResult of(Reinforcement outcome) {
        String next = !outcome.promoted() ? "Pending: other sessions back it with task_reinforce; "
                + "task_foraging_report lists the branch's proposals."
                : outcome.promotedNow() ? "Promoted now: task thread " + outcome.task() + " on " + outcome.branch()
                        + " is open; claim files there to start."
                        : "Already promoted into task thread " + outcome.task() + "; nothing changed.";
        return new ProposalResult(outcome.proposal(), outcome.strength(), outcome.promotionThreshold(),
                outcome.promoted(), outcome.task() == null ? null : outcome.task().value(), outcome.branch(), next);
    }
}
