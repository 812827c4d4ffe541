package dev.colony.core.internal.task;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.task.ApproachQuery;
import dev.colony.api.task.ApproachSuggestion;
import dev.colony.api.task.LinkedThread;
import dev.colony.api.task.OpenedThread;
import dev.colony.api.task.Participant;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.SavedWorkingNote;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskLink;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.TaskThreads;
import dev.colony.api.task.ThreadEntry;
import dev.colony.api.task.WorkingNote;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.api.task.WorkingPointer;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.MemoryService.Prepared;
import dev.colony.core.internal.memory.MemoryService;
import dev.colony.spi.storage.TaskPostRecords.WorkingNoteRow;
import dev.colony.spi.storage.TaskRecords.Participation;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /** Metadata key that marks a note as a working note. */
    static final String WORKING_NOTE = "working_note";
    /** Metadata key of a working note's pointer fields. */
    static final String POINTER = "pointer";
    /** Metadata key, on a superseded working note, of the note that replaced it. */
    static final String SUPERSEDED_BY = "superseded_by";
    /** Metadata key, on a working note, of the note it replaced. */
    static final String SUPERSEDES = "supersedes";
    /** How many of a session's threads working-note resolution looks at. */
    private static final int MAX_PARTICIPATIONS = 500;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final MemoryService memories;

    /** The task-thread service acting as {@code actor}. */
    public TaskThreadService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.memories = new MemoryService(actor, kernel);
    }

    @Override
    public OpenedThread open(String repoRoot, String branch) {
        String root = RepoRoots.normalise("repo_root", repoRoot);
        String name = checkBranch("branch", branch);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            NamespaceId namespace = tx.writable();
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
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
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
        return store.read(tx -> view(readable(tx, task)));
    }

    @Override
    public List<TaskThread> list(TaskListQuery query) {
        Check.required("query", query);
        String root = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        String name = query.branch() == null ? null : checkBranch("branch", query.branch());
        Check.range("limit", query.limit(), 1, TaskLimits.MAX_LIST_LIMIT);
        return store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            return tx.tasks().list(readable, root, name, query.limit()).stream().map(TaskThreadService::view).toList();
        });
    }

    @Override
    public List<Participant> participants(TaskId task) {
        Check.required("task_id", task);
        return store.read(tx -> {
            readable(tx, task);
            return tx.tasks().participants(task, TaskLimits.MAX_PARTICIPANTS);
        });
    }

    @Override
    public boolean isParticipant(TaskId task, SessionId session) {
        Check.required("task_id", task);
        Check.required("session_id", session);
        return store.read(tx -> {
            readable(tx, task);
            return tx.tasks().isParticipant(task, session);
        });
    }

    @Override
    public Memory post(TaskId task, PostDraft draft) {
        Check.required("task_id", task);
        Check.required("post", draft);
        PostKind kind = Check.required("kind", draft.kind());
        Instant now = kernel.time().now();
        Prepared prepared = memories.prepare(MemoryDraft.of(kind.memoryKind(), draft.content())
                .withTopics(draft.topics()).withTask(task).withReplyTo(draft.replyTo()), now);
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredTask stored = readable(tx, task);
            if (draft.replyTo() != null) {
                requirePostOf(tx, task, draft.replyTo());
            }
            Memory post = memories.insert(tx, prepared, now);
            tx.tasks().join(task, actor.session(), actor.agent(), now);
            changed(tx, stored, now);
            return post;
        });
    }

    private void requirePostOf(CallerTransaction tx, TaskId task, MemoryId post) {
        boolean onThread = tx.memories().find(post)
                .filter(memory -> task.equals(memory.task()))
                .filter(memory -> tx.canRead(memory.namespace()))
                .isPresent();
        if (!onThread) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "reply_to", "no post with id " + post + " on task "
                    + task);
        }
    }

    @Override
    public List<ThreadEntry> timeline(TaskId task, int limit) {
        Check.required("task_id", task);
        Check.range("limit", limit, 1, TaskLimits.MAX_TIMELINE_LIMIT);
        return store.read(tx -> {
            readable(tx, task);
            return tx.taskPosts().timeline(task, limit);
        });
    }

    @Override
    public List<ThreadEntry> updatesSince(TaskId task, Instant since, int limit) {
        Check.required("task_id", task);
        Check.required("since_ts", since);
        Check.range("limit", limit, 1, TaskLimits.MAX_TIMELINE_LIMIT);
        return store.read(tx -> {
            readable(tx, task);
            return tx.taskPosts().since(task, since, actor.session(), limit);
        });
    }

    @Override
    public TaskLink link(TaskId task, TaskId other, String note) {
        requirePair(task, other);
        String checkedNote = Check.optionalText("note", note, TaskLimits.MAX_LINK_NOTE_CHARS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredTask one = readable(tx, task);
            StoredTask two = readable(tx, "other_task_id", other);
            TaskId low = task.value() < other.value() ? task : other;
            TaskId high = low.equals(task) ? other : task;
            Optional<TaskLink> existing = tx.taskLinks().find(low, high);
            if (existing.isPresent()) {
                return existing.get();
            }
            TaskLink link = tx.taskLinks().insert(low, high, actor.session(), checkedNote, now);
            changed(tx, one, now);
            changed(tx, two, now);
            tx.sessions().touch(actor.session(), now);
            return link;
        });
    }

    @Override
    public List<LinkedThread> links(TaskId task) {
        Check.required("task_id", task);
        return store.read(tx -> {
            readable(tx, task);
            List<LinkedThread> linked = new ArrayList<>();
            for (TaskLink link : tx.taskLinks().of(task, TaskLimits.MAX_LINKS)) {
                tx.task(link.other(task))
                        .ifPresent(found -> linked.add(new LinkedThread(link, view(found))));
            }
            return linked;
        });
    }

    @Override
    public boolean unlink(TaskId task, TaskId other) {
        requirePair(task, other);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredTask one = readable(tx, task);
            StoredTask two = readable(tx, "other_task_id", other);
            TaskId low = task.value() < other.value() ? task : other;
            TaskId high = low.equals(task) ? other : task;
            boolean removed = tx.taskLinks().delete(low, high);
            if (removed) {
                changed(tx, one, now);
                changed(tx, two, now);
            }
            tx.sessions().touch(actor.session(), now);
            return removed;
        });
    }

    private static void requirePair(TaskId task, TaskId other) {
        Check.required("task_id", task);
        Check.required("other_task_id", other);
        if (task.equals(other)) {
            throw ColonyException.about(ErrorCode.TASK_LINK_SELF, "other_task_id", "a task cannot be linked to "
                    + "itself (task " + task + ")");
        }
    }

    @Override
    public WorkingNote noteWorking(WorkingNoteDraft draft) {
        Check.required("note", draft);
        String root = RepoRoots.normaliseOptional("repo_root", draft.repoRoot());
        String branch = draft.branch() == null ? null : checkBranch("branch", draft.branch());
        Check.required("content", draft.content());
        List<String> warnings = WorkingPointers.warnings();
        WorkingPointer pointer = WorkingPointers.resolve(draft.pointer(), draft.content(), warnings);
        Instant now = kernel.time().now();
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(WORKING_NOTE, Boolean.TRUE);
        metadata.put(POINTER, WorkingPointers.metadata(pointer));
        Prepared prepared = memories.prepare(MemoryDraft.of(PostKind.NOTE.memoryKind(), draft.content())
                .withMetadata(metadata), now);
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            StoredTask task = activeTask(tx, root, branch);
            Optional<WorkingNoteRow> live = tx.taskPosts().workingNote(task.id(), actor.session());
            Prepared onTask = prepared.onTask(task.id());
            if (live.isPresent()) {
                Map<String, Object> withPrevious = new LinkedHashMap<>(onTask.draft().metadata());
                withPrevious.put(SUPERSEDES, live.get().memory().value());
                onTask = new Prepared(onTask.draft().withMetadata(withPrevious), onTask.embedding());
            }
            Memory note = memories.insert(tx, onTask, now);
            MemoryId superseded = null;
            if (live.isPresent()) {
                superseded = live.get().memory();
                retire(tx, superseded, note.id(), now);
            }
            if (!tx.taskPosts().putWorkingNote(task.id(), actor.session(), note.id(),
                    live.map(WorkingNoteRow::version).orElse(0L), now)) {
                throw new ColonyException(ErrorCode.CONFLICT, "the working note of session " + actor.session()
                        + " on task " + task.id() + " changed concurrently; try again");
            }
            changed(tx, task, now);
            return new WorkingNote(note.id(), task.id(), pointer, superseded, warnings);
        });
    }

    @Override
    public Optional<SavedWorkingNote> workingNote(TaskId task) {
        Check.required("task_id", task);
        return store.read(tx -> workingNote(tx, task));
    }

    /** {@link #workingNote(TaskId)} as read in {@code tx}, for read models that compose it with other reads. */
    public Optional<SavedWorkingNote> workingNote(CallerTransaction tx, TaskId task) {
        readable(tx, task);
        return tx.taskPosts().workingNote(task, actor.session()).flatMap(row -> tx.memories().find(row.memory())
                .map(note -> new SavedWorkingNote(row.memory(), task, actor.session(), row.updatedAt(),
                        WorkingPointers.fromMetadata(note.metadata().get(POINTER)))));
    }

    @Override
    public ApproachSuggestion suggestApproach(ApproachQuery query) {
        return ApproachAdvisor.suggest(actor, kernel, query);
    }

    /** The session's one active thread that matches the filters; the errors the API promises otherwise. */
    private StoredTask activeTask(CallerTransaction tx, String root, String branch) {
        Set<NamespaceId> readable = tx.readable();
        List<Participation> matches = new ArrayList<>();
        for (Participation participation : tx.tasks().participations(actor.session(), MAX_PARTICIPATIONS)) {
            StoredTask task = participation.task();
            if (task.status() != TaskStatus.DONE && readable.contains(task.namespace())
                    && (root == null || root.equals(task.repoRoot()))
                    && (branch == null || branch.equals(task.branch()))) {
                matches.add(participation);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0).task();
        }
        String filters = (root == null ? "" : " repo_root " + root) + (branch == null ? "" : " branch " + branch);
        if (matches.isEmpty()) {
            throw new ColonyException(ErrorCode.ACTIVE_TASK_NOT_FOUND, "session " + actor.session()
                    + " takes part in no active task" + (filters.isEmpty() ? "" : " matching" + filters)
                    + "; open one with task_thread (repo_root and branch) first");
        }
        List<Map<String, Object>> candidates = new ArrayList<>(matches.size());
        for (Participation match : matches) {
            StoredTask task = match.task();
            Map<String, Object> candidate = new LinkedHashMap<>();
            candidate.put("task_id", task.id().value());
            candidate.put("repo_root", task.repoRoot());
            candidate.put("branch", task.branch());
            candidate.put("status", task.status().wireName());
            candidate.put("updated_at", task.updatedAt().toEpochMilli());
            candidate.put("agent", match.agent());
            candidates.add(candidate);
        }
        throw ColonyException.withDetails(ErrorCode.AMBIGUOUS_ACTIVE_TASK, "session " + actor.session()
                + " takes part in " + matches.size() + " active tasks" + (filters.isEmpty() ? "" : " matching" + filters)
                + "; narrow it down with repo_root and branch", Map.of("candidates", candidates));
    }

    private static void retire(CallerTransaction tx, MemoryId previous, MemoryId by, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>(tx.memories().find(previous)
                .map(Memory::metadata).orElse(Map.of()));
        metadata.put(SUPERSEDED_BY, by.value());
        tx.taskPosts().retire(previous, metadata, now);
    }

    /**
     * The stored task if the caller may read it; {@code NOT_FOUND} naming {@code task_id} otherwise,
     * the same answer for a missing and an invisible task.
     */
    static StoredTask readable(CallerTransaction tx, String field, TaskId task) {
        return tx.task(task)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, field, "no task with id " + task));
    }

    private StoredTask readable(CallerTransaction tx, TaskId task) {
        return readable(tx, "task_id", task);
    }

    /**
     * Records a change of {@code task} as read in this transaction: compare-and-set on its version.
     *
     * @throws ColonyException {@code CONFLICT} when the version moved on since it was read
     */
    static StoredTask changed(CallerTransaction tx, StoredTask task, Instant now) {
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
