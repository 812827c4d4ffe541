package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.ThreadEntry;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the posts of a task thread (memories with the task's id) and keeps each session's live
 * working note per thread. Methods that change something must run in a write transaction.
 */
public interface TaskPostRecords {

    /** The task's posts, newest first (by id), at most {@code limit}. */
    List<ThreadEntry> timeline(TaskId task, int limit);

    /**
     * The task's posts created strictly after {@code after} by any session other than
     * {@code excluded}, oldest first (by id), at most {@code limit}.
     */
    List<ThreadEntry> since(TaskId task, Instant after, SessionId excluded, int limit);

    /**
     * The live (not retracted) posts of one of {@code kinds} on threads of {@code namespaces}, created
     * at or after {@code since}, newest first, at most {@code limit}.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code limit} below 1
     */
    List<Memory> recentOfKinds(Collection<NamespaceId> namespaces, Collection<MemoryKind> kinds, Instant since,
            int limit);

    /** The live working note of {@code session} on {@code task}. */
    Optional<WorkingNoteRow> workingNote(TaskId task, SessionId session);

    /**
     * Makes {@code memory} the live working note of {@code session} on {@code task}: inserts the row
     * when {@code expectedVersion} is 0, otherwise replaces the memory if and only if the stored version
     * is still {@code expectedVersion}, raising it by one.
     *
     * @return whether the row was written (false: the version moved on, or a row appeared meanwhile)
     */
    boolean putWorkingNote(TaskId task, SessionId session, MemoryId memory, long expectedVersion, Instant now);

    /**
     * Marks a working note as no longer live: replaces its metadata with {@code metadata}, sets its
     * expiry and {@code updated_at} to {@code now}, and gives it the next rev of the change feed (so
     * derived indexes see the change); content and vector stay as stored.
     *
     * @return whether the memory exists
     */
    boolean retire(MemoryId note, Map<String, Object> metadata, Instant now);

    /**
     * The live working note of one session on one task.
     *
     * @param task the task
     * @param session the session
     * @param memory the note
     * @param updatedAt when it became the live note
     * @param version the compare-and-set version, starting at 1
     */
    record WorkingNoteRow(TaskId task, SessionId session, MemoryId memory, Instant updatedAt, long version) {
    }
}
