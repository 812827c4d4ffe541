package dev.colony.api.task;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * A session's live working note on a thread, as read back.
 *
 * @param id the note's memory id
 * @param task the thread
 * @param session the session that saved it
 * @param savedAt when it was saved
 * @param pointer its pointer fields
 */
public record SavedWorkingNote(MemoryId id, TaskId task, SessionId session, Instant savedAt,
        WorkingPointer pointer) {

    /** Checks the components. */
    public SavedWorkingNote {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(savedAt, "savedAt");
        Objects.requireNonNull(pointer, "pointer");
    }
}
