package dev.colony.api.task;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * A working note as written.
 *
 * @param id the memory id of the note
 * @param task the thread it was posted on
 * @param pointer the pointer fields as stored (compacted where they were too long)
 * @param superseded the session's previous live working note on that thread, now superseded, or
 *     {@code null} when there was none
 * @param warnings what was changed on the way in (a compacted field), empty when nothing
 */
public record WorkingNote(MemoryId id, TaskId task, WorkingPointer pointer, MemoryId superseded,
        List<String> warnings) {

    /** Checks the required components and copies the warnings. */
    public WorkingNote {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(pointer, "pointer");
        warnings = List.copyOf(warnings);
    }
}
