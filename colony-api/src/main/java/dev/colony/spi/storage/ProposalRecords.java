package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.proposal.ProposalStatus;
import dev.colony.api.proposal.ReinforcementKind;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Proposals and their reinforcements. A proposal is a row with an explicit status and a version, changed by
 * compare-and-set; a reinforcement is a row per proposal, session and kind. Writes must run in a write
 * transaction.
 */
public interface ProposalRecords {

    /** Inserts a pending proposal at version 1 and returns it as stored. */
    StoredProposal insert(NewProposal proposal);

    /** The proposal of this id, in any namespace (the caller checks access). */
    Optional<StoredProposal> find(long id);

    /** The proposals of {@code namespaces} on one branch of one repository, newest first, at most {@code limit}. */
    List<StoredProposal> list(Collection<NamespaceId> namespaces, String repoRoot, String branch, int limit);

    /**
     * Writes the status, task, promotion time and update time of {@code next} over its proposal if the stored
     * one is still at {@code next.version()}; the version goes up by one. Every reinforcement passes through
     * here first, so that two sessions reinforcing one proposal at once are ordered by the store.
     *
     * @return the proposal as stored now, or empty when its version moved on (nothing changed)
     */
    Optional<StoredProposal> update(StoredProposal next);

    /**
     * Records that {@code session} backs {@code proposal} in this way: a new row, or, when the session backed it
     * in this way before, the same row with the new time (its weight stays as first stored).
     */
    void reinforce(long proposal, SessionId session, String agent, ReinforcementKind kind, double weight,
            Instant at);

    /** The reinforcements of each of {@code proposals}, by proposal id, oldest first (an empty list for none). */
    Map<Long, List<StoredReinforcement>> reinforcements(Collection<Long> proposals);

    /**
     * A proposal to insert.
     *
     * @param namespace where it lives
     * @param repoRoot its repository
     * @param branch its branch
     * @param summary the change
     * @param rationale why, or {@code null}
     * @param touchesFiles the files it would change
     * @param proposedBy the proposing session
     * @param at when
     */
    record NewProposal(NamespaceId namespace, String repoRoot, String branch, String summary, String rationale,
            List<String> touchesFiles, SessionId proposedBy, Instant at) {

        /** Checks the required components and copies the files. */
        public NewProposal {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(repoRoot, "repoRoot");
            Objects.requireNonNull(branch, "branch");
            Objects.requireNonNull(summary, "summary");
            touchesFiles = List.copyOf(touchesFiles);
            Objects.requireNonNull(proposedBy, "proposedBy");
            Objects.requireNonNull(at, "at");
        }
    }

    /**
     * A proposal as stored.
     *
     * @param id its id
     * @param namespace where it lives
     * @param repoRoot its repository
     * @param branch its branch
     * @param summary the change
     * @param rationale why, or {@code null}
     * @param touchesFiles the files it would change
     * @param proposedBy the proposing session
     * @param createdAt when it was proposed
     * @param status pending or promoted
     * @param task its task thread once promoted, else {@code null}
     * @param promotedAt when it was promoted, else {@code null}
     * @param updatedAt its last change
     * @param version its version
     */
    record StoredProposal(long id, NamespaceId namespace, String repoRoot, String branch, String summary,
            String rationale, List<String> touchesFiles, SessionId proposedBy, Instant createdAt,
            ProposalStatus status, TaskId task, Instant promotedAt, Instant updatedAt, long version) {

        /** Checks the required components and copies the files. */
        public StoredProposal {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(summary, "summary");
            touchesFiles = List.copyOf(touchesFiles);
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(updatedAt, "updatedAt");
        }

        /** This proposal, unchanged but for its update time: the write every reinforcement starts with. */
        public StoredProposal touched(Instant at) {
            return new StoredProposal(id, namespace, repoRoot, branch, summary, rationale, touchesFiles, proposedBy,
                    createdAt, status, task, promotedAt, at, version);
        }

        /** This proposal promoted into {@code thread} at {@code at}. */
        public StoredProposal promoted(TaskId thread, Instant at) {
            return new StoredProposal(id, namespace, repoRoot, branch, summary, rationale, touchesFiles, proposedBy,
                    createdAt, ProposalStatus.PROMOTED, Objects.requireNonNull(thread, "thread"), at, at, version);
        }
    }

    /**
     * One session's backing of a proposal in one way.
     *
     * @param proposal the proposal's id
     * @param session the session
     * @param agent the session's agent type when it reinforced
     * @param kind how
     * @param weight the base weight stored with it
     * @param at when it was last given
     */
    record StoredReinforcement(long proposal, SessionId session, String agent, ReinforcementKind kind,
            double weight, Instant at) {

        /** Checks the components. */
        public StoredReinforcement {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(at, "at");
        }
    }
}
