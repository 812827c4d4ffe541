package dev.colony.api.activity;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.util.List;

/**
 * Recorded file edits and the file heat computed from them, for one caller.
 *
 * <p>An edit is recorded as the caller's session on a task thread the caller may read; the path is
 * normalised the way file claims normalise it (relative to the thread's repository root). Heat is
 * computed when it is read, from the injected clock: each edit or claim on a file within the window
 * contributes {@code 0.5^(age / halfLife)}.
 */
public interface FileActivity {

    /** The longest file path accepted, in characters. */
    int MAX_PATH_CHARS = 1_024;
    /** The most files {@link #heat} returns. */
    int MAX_HEAT_LIMIT = 100;

    /**
     * Records that the caller's session edited {@code filePath} on {@code task}, joins the thread if the
     * session had not joined it, and heartbeats the session, in one transaction.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} (field {@code task_id}) for a thread the
     *     caller may not read, {@code INVALID_CLAIM_PATH} (field {@code file_path}) for a path that is
     *     not a file inside the thread's repository
     */
    FileEdit recordEdit(TaskId task, String filePath);

    /** The hottest files of the threads the caller may read, hottest first. */
    List<FileHeat> heat(FileHeatQuery query);

    /** The longest window {@link #drift} looks back. */
    Duration MAX_DRIFT_WINDOW = Duration.ofDays(1);

    /**
     * Compares the files {@code session} (the caller's own, or another of its user's) holds by an active claim
     * on {@code task} with the files it edited there within {@code window}.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id} for a thread the caller may
     *     not read, {@code SESSION_NOT_FOUND} naming {@code session_id}, {@code INVALID_ARGUMENT} naming
     *     {@code window_minutes} outside one minute to a day
     */
    Drift drift(TaskId task, SessionId session, Duration window);
}
