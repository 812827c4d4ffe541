package dev.colony.core.internal.memory;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.EditedMemory;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.TaskStatus;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.MemoryEmbedding;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Applies {@link MemoryEdit}s for one caller. The new state is worked out from the memory as read and
 * embedded outside any transaction; the write transaction then checks that the memory is still at the
 * version it was worked out from (else {@code VERSION_CONFLICT} when the caller named a version, or one more
 * attempt when it did not) and writes the memory, its task and the output together. Only the memory's author or
 * an admin of its collection may edit it, the access gate's rule for forgetting too.
 */
final class MemoryEditor {

    /** Attempts when the caller named no version and someone else's edit keeps landing in between. */
    private static final int ATTEMPTS = 3;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;

    MemoryEditor(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
    }

    EditedMemory edit(MemoryEdit edit) {
        Check.required("edit", edit);
        checkShape(edit);
        for (int attempt = 1; ; attempt++) {
            Instant now = kernel.time().now();
            Memory read = store.read(tx -> visible(tx, edit.memory()));
            long expected = edit.expectedVersion() != null ? edit.expectedVersion() : read.version();
            if (expected != read.version()) {
                throw conflict(edit.memory(), expected, read.version());
            }
            Planned plan = plan(read, edit, now);
            MemoryEmbedding vector = plan.reembed() ? kernel.embedMemory(plan.draft().content()) : null;
            MemoryEmbedding output = plan.output() == null ? null : kernel.embedMemory(plan.output().content());
            Optional<EditedMemory> written = store.write(tx -> write(tx, plan, expected, vector, output,
                    now));
            if (written.isPresent()) {
                return written.get();
            }
            if (edit.expectedVersion() != null || attempt == ATTEMPTS) {
                long current = store.read(tx -> visible(tx, edit.memory())).version();
                throw conflict(edit.memory(), expected, current);
            }
        }
    }

    /** Refuses combinations that cannot mean one thing, before anything is read. */
    private static void checkShape(MemoryEdit edit) {
        if (edit.content() != null && edit.isTaskSurgery()) {
            throw ColonyException.invalid("content", "replace the text or change the checklist, not both in one "
                    + "edit");
        }
        if (edit.type() != null && edit.type().isTask()) {
            throw ColonyException.invalid("type", "a task's type follows its status: use set_status");
        }
        if (edit.type() != null) {
            MemoryKind.typed("type", edit.type().name());
        }
        boolean expiry = edit.expiresAt() != null || edit.neverExpires();
        if (Boolean.TRUE.equals(edit.ephemeral()) && expiry) {
            throw ColonyException.invalid("expires_at", "give ephemeral or expires_at, not both");
        }
        boolean changes = edit.content() != null || edit.topics() != null || edit.macroTopics() != null
                || edit.type() != null || Boolean.TRUE.equals(edit.ephemeral()) || expiry || edit.isTaskSurgery();
        if (!changes) {
            throw ColonyException.invalid("memory_id", "the edit changes nothing: give content, metadata or a task "
                    + "change");
        }
    }

    /** The memory {@code id} as the caller may read it, with its version; {@code NOT_FOUND} otherwise. */
    private static Memory visible(CallerTransaction tx, MemoryId id) {
        return tx.memory(id).orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "memory_id",
                "no memory with id " + id));
    }

    /** The memory after {@code edit}, checked by the same rules as a new memory, and the output to store. */
    private static Planned plan(Memory current, MemoryEdit edit, Instant now) {
        if (current.retracted()) {
            throw ColonyException.invalid("memory_id", "memory " + current.id() + " is retracted");
        }
        MemoryKind kind = edit.type() != null ? edit.type() : current.kind();
        String content = edit.content() != null ? edit.content() : current.content();
        TaskStatus status = null;
        boolean task = current.kind().isTask();
        if (edit.type() != null && task) {
            throw ColonyException.invalid("type", "a task stays a task; set_status done makes it task_done");
        }
        if (edit.isTaskSurgery()) {
            if (!task) {
                throw ColonyException.invalid(surgeryField(edit), "memory " + current.id() + " is a "
                        + current.kind() + ", not a task");
            }
            Optional<TaskChecklist> checklist = TaskChecklist.parse(current.content());
            if (checklist.isPresent()) {
                TaskChecklist changed = operate(checklist.get(), edit);
                content = changed.render();
                status = changed.status();
            } else if (!edit.toggle().isEmpty() || !edit.addSteps().isEmpty() || !edit.removeSteps().isEmpty()
                    || !edit.rewriteSteps().isEmpty()) {
                throw ColonyException.invalid(surgeryField(edit), "memory " + current.id() + " is a task written as "
                        + "text, without steps to change");
            } else {
                status = edit.setStatus();
            }
            if (status != null) {
                kind = MemoryKind.ofTask(status);
            }
        }
        Instant expiresAt = Boolean.TRUE.equals(edit.ephemeral())
                ? now.plus(Duration.ofDays(MemoryLimits.EPHEMERAL_DAYS))
                : edit.neverExpires() ? null : edit.expiresAt() != null ? edit.expiresAt() : current.expiresAt();
        List<String> topics = edit.topics() != null ? edit.topics() : ownTopics(current);
        List<String> macroTopics = edit.macroTopics() != null ? edit.macroTopics() : current.macroTopics();
        MemoryDraft draft = DraftCheck.validate(new MemoryDraft(kind, content, topics, macroTopics, current.ref(),
                current.artifact(), null, null, expiresAt, current.metadata(), null), now);
        MemoryDraft output = null;
        if (edit.output() != null) {
            output = DraftCheck.validate(MemoryDraft.of(MemoryKind.RESULT, edit.output()).withTopics(ownTopics(current))
                    .withMacroTopics(current.macroTopics()).withPointers(current.id().toString(), null), now);
        }
        boolean reembed = !draft.content().equals(current.content());
        return new Planned(current, draft, status, reembed, output);
    }

    /** The topics the writer gave: the stored ones without the ref and artifact injected into them. */
    private static List<String> ownTopics(Memory memory) {
        Set<String> pointers = new HashSet<>();
        for (String pointer : new String[] {memory.ref(), memory.artifact()}) {
            if (pointer != null) {
                pointers.add(pointer.toLowerCase(Locale.ROOT));
            }
        }
        return memory.topics().stream().filter(topic -> !pointers.contains(topic)).toList();
    }

    private static String surgeryField(MemoryEdit edit) {
        if (!edit.toggle().isEmpty()) {
            return "toggle";
        }
        if (!edit.addSteps().isEmpty()) {
            return "add_steps";
        }
        if (!edit.removeSteps().isEmpty()) {
            return "remove_steps";
        }
        if (!edit.rewriteSteps().isEmpty()) {
            return "rewrite_steps";
        }
        return edit.setStatus() != null ? "set_status" : "output";
    }

    /**
     * The checklist after the surgery. Every index refers to the steps as they were read: rewrites and toggles
     * apply first, then removals, then the new steps are appended.
     */
    private static TaskChecklist operate(TaskChecklist checklist, MemoryEdit edit) {
        List<TaskChecklist.Step> steps = new ArrayList<>(checklist.steps());
        for (Map.Entry<Integer, String> rewrite : edit.rewriteSteps().entrySet()) {
            int index = index("rewrite_steps", rewrite.getKey(), steps.size());
            steps.set(index, new TaskChecklist.Step(rewrite.getValue(), steps.get(index).done()));
        }
        for (Integer toggle : edit.toggle()) {
            int index = index("toggle", toggle, steps.size());
            steps.set(index, new TaskChecklist.Step(steps.get(index).text(), !steps.get(index).done()));
        }
        Set<Integer> removed = new HashSet<>();
        for (Integer remove : edit.removeSteps()) {
            removed.add(index("remove_steps", remove, steps.size()));
        }
        List<TaskChecklist.Step> kept = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            if (!removed.contains(i)) {
                kept.add(steps.get(i));
            }
        }
        for (String step : edit.addSteps()) {
            kept.add(new TaskChecklist.Step(step, false));
        }
        if (kept.isEmpty()) {
            throw ColonyException.invalid("remove_steps", "a task keeps at least one step");
        }
        if (kept.size() > TaskChecklist.MAX_STEPS) {
            throw ColonyException.invalid("add_steps", "a task holds at most " + TaskChecklist.MAX_STEPS
                    + " steps (split larger work into several tasks that share topics), would hold " + kept.size());
        }
        return new TaskChecklist(checklist.title(), kept,
                edit.setStatus() != null ? edit.setStatus() : checklist.status());
    }

    private static int index(String field, Integer index, int size) {
        if (index == null || index < 0 || index >= size) {
            throw ColonyException.invalid(field, "step indices count from 0 and the task has " + size + " steps, was "
                    + index);
        }
        return index;
    }

    /** Writes the plan if the memory is still at {@code expected}; empty when it moved on. */
    private Optional<EditedMemory> write(CallerTransaction tx, Planned plan, long expected, MemoryEmbedding vector,
            MemoryEmbedding outputVector, Instant now) {
        tx.requireOwnSession("session_id", actor.session());
        Memory current = visible(tx, plan.current().id());
        tx.requireAuthorOrAdmin("memory_id", current, "edit");
        if (current.version() != expected) {
            return Optional.empty();
        }
        MemoryDraft draft = plan.draft();
        MemoryEmbedding stored = vector;
        if (!plan.reembed()) {
            MemoryDocument kept = tx.memoryVectors().documents(List.of(current.id())).get(0);
            stored = new MemoryEmbedding(kept.vector(), kept.passages());
        }
        Memory changed = new Memory(current.id(), current.namespace(), current.session(), draft.kind(), draft.content(),
                draft.topics(), draft.macroTopics(), current.ref(), current.artifact(), current.task(),
                current.replyTo(), current.createdAt(), now, draft.expiresAt(), false, current.metadata(),
                current.version());
        tx.memories().update(changed, stored.vector(), stored.passages());
        Optional<TaskId> tracked = tx.trackedTasks().taskOf(current.id());
        if (tracked.isPresent()) {
            StoredTask task = tx.tasks().find(tracked.get()).orElseThrow();
            String title = TaskChecklist.parse(draft.content()).map(TaskChecklist::title).orElse(task.title());
            TaskStatus status = plan.status() != null ? plan.status()
                    : draft.kind().equals(MemoryKind.TASK_DONE) ? TaskStatus.DONE : task.status();
            if (tx.trackedTasks().update(task.id(), task.version(), title, status, now).isEmpty()) {
                throw new ColonyException(ErrorCode.CONFLICT, "task " + task.id() + " changed during the edit");
            }
        }
        Memory result = null;
        if (plan.output() != null) {
            MemoryDraft output = plan.output();
            result = tx.memories().insert(new NewMemory(current.namespace(), actor.session(), output.kind(),
                    output.content(), output.topics(), output.macroTopics(), output.ref(), null,
                    tracked.orElse(current.task()), null, now, null, output.metadata(), outputVector.vector(),
                    outputVector.passages()));
        }
        tx.sessions().touch(actor.session(), now);
        long version = tx.memories().find(current.id()).orElseThrow().version();
        return Optional.of(new EditedMemory(withVersion(changed, version), version, result));
    }

    /** {@code memory} at {@code version}: what an edit wrote, as the store now holds it. */
    private static Memory withVersion(Memory memory, long version) {
        return new Memory(memory.id(), memory.namespace(), memory.session(), memory.kind(), memory.content(),
                memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(), memory.task(), memory.replyTo(),
                memory.createdAt(), memory.updatedAt(), memory.expiresAt(), memory.retracted(), memory.metadata(),
                version);
    }

    static ColonyException conflict(MemoryId id, long expected, long current) {
        return ColonyException.about(ErrorCode.VERSION_CONFLICT, "expected_version", "memory " + id + " is at version "
                + current + ", not " + expected + ": it changed since you read it; read it again and decide anew");
    }

    /** What an edit will write. */
    private record Planned(Memory current, MemoryDraft draft, TaskStatus status, boolean reembed,
            MemoryDraft output) {
    }
}
