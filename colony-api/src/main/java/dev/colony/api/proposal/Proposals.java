package dev.colony.api.proposal;

import dev.colony.api.ColonyException;
import java.time.Duration;

/**
 * The proposals the caller may read, and the caller's backing of them. A proposal lives in its author's
 * namespace; anyone who can read it can reinforce it. Every change is one write transaction, and promotion is
 * a compare-and-set on the proposal's status and version, so a proposal opens its task exactly once however
 * many sessions push it over the threshold together.
 */
public interface Proposals {

    /** The strength at which a pending proposal becomes a task. */
    double PROMOTION_THRESHOLD = 2.5;
    /** Pending proposals weaker than this are left out of a report: support that has faded away. */
    double NOISE_FLOOR = 0.3;
    /** How long a reinforcement takes to lose half its weight. */
    Duration HALF_LIFE = Duration.ofMinutes(60);
    /** The factor of every session of an agent type but its strongest one. */
    double SAME_AGENT_TYPE_FACTOR = 0.6;
    /** The longest summary, in characters. */
    int MAX_SUMMARY_CHARS = 300;
    /** The longest rationale, in characters. */
    int MAX_RATIONALE_CHARS = 4_000;
    /** The most files one proposal names. */
    int MAX_FILES = 50;
    /** The most proposals of each part of a report. */
    int MAX_REPORT_LIMIT = 100;

    /**
     * Records a proposal in the caller's namespace, backed explicitly by the caller's session.
     *
     * @return the new proposal's id and strength (it is promoted at once only if the threshold is ever lowered
     *     below one explicit backing)
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field for a missing or overlong summary, a bad
     *     repository, branch or file
     */
    Reinforcement propose(ProposalDraft draft);

    /**
     * Backs a pending proposal as the caller's session. A session counts once, with its strongest backing;
     * backing it again in the same way refreshes its time. Reinforcing a promoted proposal changes nothing and
     * reports its task.
     *
     * @throws ColonyException {@code PROPOSAL_NOT_FOUND} for a proposal the caller may not read,
     *     {@code FORBIDDEN} for one in a namespace the caller may only read
     */
    Reinforcement reinforce(long proposal, ReinforcementKind kind);

    /** The proposal, as read now. */
    Proposal get(long proposal);

    /**
     * The proposals of {@code branch} in {@code repoRoot}: pending ones at or above the noise floor, strongest
     * first, and promoted ones, newest first; at most {@code limit} of each.
     */
    ForagingReport report(String repoRoot, String branch, int limit);
}
