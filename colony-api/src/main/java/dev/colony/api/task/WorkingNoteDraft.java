package dev.colony.api.task;

/**
 * A working note: the session's current state of work, posted on its one active task thread.
 *
 * @param repoRoot only consider threads of this repository root, or {@code null}
 * @param branch only consider threads of this branch, or {@code null}
 * @param content the note as written; when it holds {@code key=value} pairs separated by {@code ;}
 *     (branch, task, blocker, next, evidence), they fill the pointer fields not given in {@code pointer}
 * @param pointer the pointer fields, or {@code null} to take them all from {@code content}
 */
public record WorkingNoteDraft(String repoRoot, String branch, String content, WorkingPointer pointer) {

    /** A note with only content, resolved against every active thread of the session. */
    public static WorkingNoteDraft of(String content) {
        return new WorkingNoteDraft(null, null, content, null);
    }
}
