package dev.colony.api.task;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.util.List;

/**
 * Task threads as seen by one {@link dev.colony.api.Actor}: the shared place where the sessions that
 * work on the same repository root and branch meet.
 *
 * <p>A thread is found by its key (repository root, branch) within the caller's namespace and
 * created on first use; repository roots are normalised first, so {@code /a/b/../b} and {@code /a/b}
 * name the same thread. The caller sees only threads of namespaces it may read; a thread outside them
 * is reported exactly as a missing one ({@code NOT_FOUND} naming {@code task_id}). Every change is
 * one transaction that compares and sets the thread's version, with time from the Colony's clock.
 * Implementations are thread-safe and safe across processes sharing one store.
 */
public interface TaskThreads {

    /**
     * Finds the thread of {@code repoRoot} and {@code branch} in the caller's namespace, creating it
     * when there is none, and joins the caller's session to it.
     *
     * @param repoRoot an absolute repository root; normalised before use
     * @param branch the branch name
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code repo_root} or
     *     {@code branch}; {@code SESSION_NOT_FOUND} when the caller's session does not exist
     */
    OpenedThread open(String repoRoot, String branch);

    /**
     * Joins the caller's session to a thread; joining a thread the session already joined changes
     * nothing.
     *
     * @return whether the session was added (false when it was already a participant)
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id} for a thread the
     *     caller may not read
     */
    boolean join(TaskId task);

    /**
     * The thread with this id.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    TaskThread get(TaskId task);

    /** Threads the caller may read, newest activity first. */
    List<TaskThread> list(TaskListQuery query);

    /**
     * The sessions that joined a thread, in the order they joined.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    List<Participant> participants(TaskId task);

    /**
     * Whether {@code session} joined the thread.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    boolean isParticipant(TaskId task, SessionId session);
}
