package dev.colony.api.claim;

import dev.colony.api.TaskId;
import java.util.List;

/**
 * File claims as seen by one {@link dev.colony.api.Actor}.
 *
 * <p>A claim names one file of a task thread's repository; the caller's session joins the thread
 * when it claims. The caller sees claims of threads in namespaces it may read only; a thread outside
 * them is reported exactly as a missing one. Every claim is one transaction with compare-and-set on
 * the claim's version, so two claimants of one file never both win. Implementations are thread-safe
 * and safe across processes sharing one store.
 */
public interface Claims {

    /** The longest note a claim may carry. */
    int MAX_NOTE_CHARS = 1_000;
    /** The most claims one listing returns. */
    int MAX_LIST_LIMIT = 1_000;

    /**
     * Claims {@code filePath} on {@code task} for the caller's session.
     *
     * @param filePath a path relative to the thread's repository root, or an absolute path inside it
     * @param note why, or {@code null}
     * @throws dev.colony.api.ColonyException {@code INVALID_CLAIM_PATH} with the reason (empty, a
     *     directory, a pseudo path such as {@code /dev/null}, outside the repository root);
     *     {@code PROTECTED_BRANCH_CLAIM_REJECTED} on a protected branch;
     *     {@code CLAIM_HELD_BY_ACTIVE_OWNER} naming the owner's session when a live session of another
     *     agent type holds a fresh claim; {@code NOT_FOUND} naming {@code task_id}
     */
    ClaimResult claim(TaskId task, String filePath, String note);

    /**
     * Claims of one thread (or, with {@code task} null, of every thread the caller may read), most
     * recently claimed first, at most {@code limit}; released claims are left out.
     */
    List<FileClaim> list(TaskId task, int limit);
}
