package dev.colony.core.internal.task;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.Objects;

/**
 * One caller on task threads, inside a transaction someone else opened: the first step of every write (its own
 * session, heartbeaten), the threads it may read, the namespace its records on a thread go to, joining a thread
 * and being required to have joined it. Claims, batons, plans, proposals and rescue all start here.
 */
public final class ThreadCaller {

    private final Actor actor;

    /** {@code actor} on task threads, in transactions bound to it. */
    public ThreadCaller(Actor actor) {
        this.actor = Objects.requireNonNull(actor, "actor");
    }

    /** The caller. */
    public Actor actor() {
        return actor;
    }

    /** Checks that the caller's session is its own and heartbeats it; the first step of every write. */
    public void enter(CallerTransaction tx, Instant now) {
        tx.requireOwnSession("session_id", actor.session());
        tx.sessions().touch(actor.session(), now);
    }

    /** The task if the caller may read it; {@code NOT_FOUND} naming {@code field} otherwise. */
    public StoredTask task(CallerTransaction tx, String field, TaskId task) {
        return tx.task(task)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, field, "no task with id " + task));
    }

    /** The namespace the caller's records on {@code task} go to: the task's, which the caller must be able to write. */
    public NamespaceId writable(CallerTransaction tx, StoredTask task) {
        tx.requireWritable("task_id", task.namespace());
        return task.namespace();
    }

    /**
     * Joins the caller's session to the thread (a no-op when it already is a participant).
     *
     * @return the thread as it is now: with its version raised when the caller joined
     */
    public StoredTask join(CallerTransaction tx, StoredTask task, Instant now) {
        if (!tx.tasks().join(task.id(), actor.session(), actor.agent(), now)) {
            return task;
        }
        return tx.tasks().touch(task.id(), task.version(), now).orElseThrow(() -> new ColonyException(
                ErrorCode.CONFLICT, "task " + task.id() + " changed concurrently; try again"));
    }

    /** Fails with {@code NOT_PARTICIPANT} unless the caller's session joined the thread. */
    public void requireParticipant(CallerTransaction tx, StoredTask task) {
        if (!tx.tasks().isParticipant(task.id(), actor.session())) {
            throw new ColonyException(ErrorCode.NOT_PARTICIPANT, "session " + actor.session()
                    + " has not joined task " + task.id() + "; open or join the thread first");
        }
    }
}
