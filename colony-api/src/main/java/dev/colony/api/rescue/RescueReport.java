package dev.colony.api.rescue;

import dev.colony.api.SessionId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of a scan or a run.
 *
 * @param dryRun whether nothing was changed (a scan)
 * @param stranded the stranded sessions, longest silent first
 * @param rescued a thread per stranded session and thread it holds, most urgent first: what a scan would
 *     rescue, or what a run did
 */
public record RescueReport(boolean dryRun, List<StrandedSession> stranded, List<RescueEntry> rescued) {

    /** Copies the lists. */
    public RescueReport {
        stranded = List.copyOf(stranded);
        rescued = List.copyOf(rescued);
    }

    /**
     * A session that went silent holding claims.
     *
     * @param session the session
     * @param agent its agent
     * @param lastSeen its last heartbeat or call
     * @param silentMinutes whole minutes since then
     * @param ended whether it ended (rather than just went quiet)
     * @param fileCount how many files it holds by active claims
     * @param subtaskCount how many plan sub-tasks it holds
     */
    public record StrandedSession(SessionId session, String agent, Instant lastSeen, long silentMinutes,
            boolean ended, int fileCount, int subtaskCount) {

        /** Checks the required components. */
        public StrandedSession {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(lastSeen, "lastSeen");
        }
    }
}
