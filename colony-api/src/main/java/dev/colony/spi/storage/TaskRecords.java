package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskStatus;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes tasks and their participants.
 *
 * <p>Methods that change something must run in a write transaction. Stores serialise write
 * transactions, so a unit of work that reads a task's version and then calls {@link #touch} with it
 * loses only to a change made outside that unit.
 */
public interface TaskRecords {

    /**
     * Inserts a task with status {@code pending} and version 1.
     *
     * @param repoRoot repository root or {@code null}
     * @param branch branch or {@code null}; (namespace, repo root, branch) is unique when both are set
     * @param createdBy the session that creates it, or {@code null}
     * @throws dev.colony.api.ColonyException {@code DUPLICATE} when a task of the namespace already has
     *     that repo root and branch
     */
    StoredTask insert(NamespaceId namespace, String title, String repoRoot, String branch, SessionId createdBy,
            Instant now);

    /** The task with this id. */
    Optional<StoredTask> find(TaskId id);

    /** The task of {@code namespace} with exactly this repository root and branch. */
    Optional<StoredTask> findByRepoBranch(NamespaceId namespace, String repoRoot, String branch);

    /**
     * Tasks of the given namespaces, latest {@code updated_at} first (ties: larger id first).
     *
     * @param repoRoot only tasks with this repository root, or {@code null} for any
     * @param branch only tasks with this branch, or {@code null} for any
     */
    List<StoredTask> list(Collection<NamespaceId> namespaces, String repoRoot, String branch, int limit);

    /**
     * Records a change of a task: sets {@code updated_at} to {@code now} and raises the version by one,
     * if and only if the stored version is still {@code expectedVersion}.
     *
     * @return the task as changed, or empty when the version moved on (or the task does not exist)
     */
    Optional<StoredTask> touch(TaskId id, long expectedVersion, Instant now);

    /**
     * Adds {@code session} to the participants of a task; nothing happens when it is one already.
     *
     * @return whether a participant row was added
     */
    boolean join(TaskId task, SessionId session, String agent, Instant now);

    /** The participants of a task, in the order they joined, at most {@code limit}. */
    List<Participant> participants(TaskId task, int limit);

    /** Whether {@code session} is a participant of the task. */
    boolean isParticipant(TaskId task, SessionId session);

    /**
     * The tasks {@code session} joined, latest {@code updated_at} first, each with the agent name the
     * session joined with.
     */
    List<Participation> participations(SessionId session, int limit);

    /**
     * A task as stored.
     *
     * @param id id
     * @param namespace namespace
     * @param title title
     * @param repoRoot repository root or {@code null}
     * @param branch branch or {@code null}
     * @param status status
     * @param createdBy the session that created it, or {@code null} (tasks older than the column)
     * @param createdAt when it was created
     * @param updatedAt last change
     * @param version compare-and-set version, starting at 1
     */
    record StoredTask(
            TaskId id,
            NamespaceId namespace,
            String title,
            String repoRoot,
            String branch,
            TaskStatus status,
            SessionId createdBy,
            Instant createdAt,
            Instant updatedAt,
            long version) {
    }

    /**
     * One task a session joined.
     *
     * @param task the task
     * @param agent the agent name the session joined with
     * @param joinedAt when it joined
     */
    record Participation(StoredTask task, String agent, Instant joinedAt) {
    }
}
