package dev.colony.api.proposal;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A proposal as read now.
 *
 * @param id its id
 * @param repoRoot its repository
 * @param branch its branch
 * @param summary the change, one line
 * @param rationale why, or {@code null}
 * @param touchesFiles the files it would change
 * @param proposedBy the session that proposed it
 * @param createdAt when
 * @param status pending or promoted
 * @param strength its strength now: every session's strongest reinforcement, decayed, discounted per agent type
 * @param reinforcingSessions how many distinct sessions back it
 * @param task its task thread once promoted, else {@code null}
 * @param promotedAt when it was promoted, else {@code null}
 */
public record Proposal(long id, String repoRoot, String branch, String summary, String rationale,
        List<String> touchesFiles, SessionId proposedBy, Instant createdAt, ProposalStatus status, double strength,
        int reinforcingSessions, TaskId task, Instant promotedAt) {

    /** Checks the required components and copies the files. */
    public Proposal {
        Objects.requireNonNull(summary, "summary");
        touchesFiles = List.copyOf(touchesFiles);
        Objects.requireNonNull(status, "status");
    }
}
