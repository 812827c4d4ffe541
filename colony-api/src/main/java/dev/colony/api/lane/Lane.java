package dev.colony.api.lane;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One session's lane: who, where, doing what.
 *
 * @param session the session
 * @param agent its agent name
 * @param repoRoot the repository root of its thread (or of the session when it has no thread), or {@code null}
 * @param branch the branch of its thread (or of the session), or {@code null}
 * @param activity what it appears to be doing now
 * @param lastSeen its last heartbeat
 * @param lastEdit its last recorded edit or claim, or {@code null}
 * @param task the thread it works on (the one it touched last), or {@code null}
 * @param taskTitle that thread's title, or {@code null}
 * @param claimedFiles a preview of the files it holds (at most {@link #CLAIMED_FILE_PREVIEW}), newest first
 * @param claimedFileCount how many files it holds in all
 */
public record Lane(SessionId session, String agent, String repoRoot, String branch, LaneActivity activity,
        Instant lastSeen, Instant lastEdit, TaskId task, String taskTitle, List<String> claimedFiles,
        int claimedFileCount) {

    /** The most claimed files named in a lane. */
    public static final int CLAIMED_FILE_PREVIEW = 3;

    public Lane {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(activity, "activity");
        Objects.requireNonNull(lastSeen, "lastSeen");
        claimedFiles = List.copyOf(claimedFiles);
    }
}
