package dev.colony.core.task;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.OpenedThread;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.access.Access;
import dev.colony.core.kernel.Check;
import dev.colony.core.kernel.Kernel;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@link TaskThreads} for one caller: a caller plus the Colony's kernel.
 *
 * <p>Every read asks the {@link Access} gate which namespaces the caller may read, and a thread
 * outside them is answered exactly like a missing one. Every write is one transaction that first
 * checks that the caller's session is its own, then changes the thread by compare-and-set on its
 * version, and heartbeats the session; the time is the kernel's clock, read once per call.
 */
public final class TaskThreadService implements TaskThreads {

    private final Actor actor;
    private final Kernel kernel;
    private final Access access;

    /** The task-thread service acting as {@code actor}. */
    public TaskThreadService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.access = kernel.access();
    }

    @Override
    public OpenedThread open(String repoRoot, String branch) {
        String root = RepoRoots.normalise("repo_root", repoRoot);
        String name = checkBranch("branch", branch);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            access.requireOwnSession(tx, "session_id", actor.session(), actor.user());
            NamespaceId namespace = access.writable(tx, actor.user());
            Optional<StoredTask> found = tx.tasks().findByRepoBranch(namespace, root, name);
            StoredTask task = found.orElseGet(() -> tx.tasks().insert(namespace, name, root, name,
                    actor.session(), now));
            boolean joined = tx.tasks().join(task.id(), actor.session(), actor.agent(), now);
            if (joined && found.isPresent()) {
                task = changed(tx, task, now);
            }
            tx.sessions().touch(actor.session(), now);
            return new OpenedThread(view(task), found.isEmpty(), joined);
        });
    }

    @Override
    public boolean join(TaskId task) {
        Check.required("task_id", task);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            access.requireOwnSession(tx, "session_id", actor.session(), actor.user());
            StoredTask stored = readable(tx, task);
            boolean joined = tx.tasks().join(task, actor.session(), actor.agent(), now);
            if (joined) {
                changed(tx, stored, now);
            }
            tx.sessions().touch(actor.session(), now);
            return joined;
        });
    }

    @Override
    public TaskThread get(TaskId task) {
        Check.required("task_id", task);
        return kernel.storage().read(tx -> view(readable(tx, task)));
    }

    @Override
    public List<TaskThread> list(TaskListQuery query) {
        Check.required("query", query);
        String root = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        String name = query.branch() == null ? null : checkBranch("branch", query.branch());
        Check.range("limit", query.limit(), 1, TaskLimits.MAX_LIST_LIMIT);
        return kernel.storage().read(tx -> {
            Set<NamespaceId> readable = access.readable(tx, actor.user());
            return tx.tasks().list(readable, root, name, query.limit()).stream().map(TaskThreadService::view).toList();
        });
    }

    @Override
    public List<Participant> participants(TaskId task) {
        Check.required("task_id", task);
        return kernel.storage().read(tx -> {
            readable(tx, task);
            return tx.tasks().participants(task, TaskLimits.MAX_PARTICIPANTS);
        });
    }

    @Override
    public boolean isParticipant(TaskId task, SessionId session) {
        Check.required("task_id", task);
        Check.required("session_id", session);
        return kernel.storage().read(tx -> {
            readable(tx, task);
            return tx.tasks().isParticipant(task, session);
        });
    }

    /**
     * The stored task if the caller may read it; {@code NOT_FOUND} naming {@code task_id} otherwise,
     * the same answer for a missing and an invisible task.
     */
    static StoredTask readable(StorageTransaction tx, Access access, Actor actor, String field, TaskId task) {
        return tx.tasks().find(task)
                .filter(found -> access.canRead(tx, actor.user(), found.namespace()))
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, field, "no task with id " + task));
    }

    private StoredTask readable(StorageTransaction tx, TaskId task) {
        return readable(tx, access, actor, "task_id", task);
    }

    /**
     * Records a change of {@code task} as read in this transaction: compare-and-set on its version.
     *
     * @throws ColonyException {@code CONFLICT} when the version moved on since it was read
     */
    static StoredTask changed(StorageTransaction tx, StoredTask task, Instant now) {
        return tx.tasks().touch(task.id(), task.version(), now).orElseThrow(() -> new ColonyException(
                ErrorCode.CONFLICT, "task " + task.id() + " changed concurrently; try again"));
    }

    static TaskThread view(StoredTask task) {
        return new TaskThread(task.id(), task.title(), task.repoRoot(), task.branch(), task.status(),
                task.createdBy(), task.createdAt(), task.updatedAt(), task.version());
    }

    static String checkBranch(String field, String branch) {
        return Check.text(field, branch, TaskLimits.MAX_BRANCH_CHARS);
    }
}
