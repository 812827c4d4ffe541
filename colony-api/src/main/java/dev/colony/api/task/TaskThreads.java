package dev.colony.api.task;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

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

    /**
     * Posts on a thread as the caller's session, which joins the thread if it had not. The post is a
     * memory of the post's kind with the thread's task id, so it is found by search like any memory.
     *
     * @return the stored post
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} for bad content;
     *     {@code NOT_FOUND} naming {@code task_id} for a thread the caller may not read, or naming
     *     {@code reply_to} when that is not a post of the same thread
     */
    Memory post(TaskId task, PostDraft draft);

    /**
     * The thread's posts as compact entries, newest first.
     *
     * @param limit 1 to {@value TaskLimits#MAX_TIMELINE_LIMIT}
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    List<ThreadEntry> timeline(TaskId task, int limit);

    /**
     * What others posted on the thread after {@code since}: posts strictly later than it, written by
     * any session but the caller's, oldest first (so a caller can continue from the last one).
     *
     * @param limit 1 to {@value TaskLimits#MAX_TIMELINE_LIMIT}
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    List<ThreadEntry> updatesSince(TaskId task, Instant since, int limit);

    /**
     * Links two threads. Links have no direction and are made once: linking an already linked pair
     * returns the existing link unchanged.
     *
     * @param note why they are related, or {@code null}
     * @throws dev.colony.api.ColonyException {@code TASK_LINK_SELF} when both ids are the same;
     *     {@code NOT_FOUND} naming {@code task_id} or {@code other_task_id}
     */
    TaskLink link(TaskId task, TaskId other, String note);

    /**
     * The links of a thread, oldest first, each with the thread at its other end.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id}
     */
    List<LinkedThread> links(TaskId task);

    /**
     * Removes the link between two threads.
     *
     * @return whether there was a link to remove
     * @throws dev.colony.api.ColonyException {@code TASK_LINK_SELF} when both ids are the same;
     *     {@code NOT_FOUND} naming {@code task_id} or {@code other_task_id}
     */
    boolean unlink(TaskId task, TaskId other);

    /**
     * Saves the caller session's current working state on its one active thread: a thread it joined
     * that is not done, narrowed by the draft's repository root and branch when given. The note is a
     * {@code note} post; it supersedes the session's previous live working note on that thread (which
     * stays stored, marked as superseded).
     *
     * @throws dev.colony.api.ColonyException {@code ACTIVE_TASK_NOT_FOUND} when no thread matches;
     *     {@code AMBIGUOUS_ACTIVE_TASK} when several do, with the compact candidates in
     *     {@link dev.colony.api.ColonyException#details()} under {@code candidates};
     *     {@code INVALID_ARGUMENT} naming {@code pointer.next} or {@code pointer.evidence} when the
     *     draft gives no value for them
     */
    WorkingNote noteWorking(WorkingNoteDraft draft);

    /**
     * The caller session's live working note on {@code task}, if it saved one there.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code task_id} for a thread the caller
     *     may not read
     */
    Optional<SavedWorkingNote> workingNote(TaskId task);

    /**
     * Guidance from past threads similar to some work, found through the caller's own memory search: the
     * threads, the files they claimed, the warnings posted there and how the finished ones went. Ids, counts
     * and first words only.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code query}, {@code repo_root} or
     *     {@code limit}
     */
    ApproachSuggestion suggestApproach(ApproachQuery query);
}
