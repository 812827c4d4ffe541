package dev.colony.api.plan;

import java.util.List;
import java.util.Objects;

/**
 * A sub-task completed by the caller.
 *
 * @param subtask the sub-task as it is now
 * @param unlocked the sub-tasks that became claimable through it
 * @param autoArchive what happened about archiving the plan
 */
public record SubtaskCompletion(Subtask subtask, List<Integer> unlocked, ArchiveReport autoArchive) {

    /** Checks the components and copies the list. */
    public SubtaskCompletion {
        Objects.requireNonNull(subtask, "subtask");
        unlocked = List.copyOf(unlocked);
        Objects.requireNonNull(autoArchive, "autoArchive");
    }
}
