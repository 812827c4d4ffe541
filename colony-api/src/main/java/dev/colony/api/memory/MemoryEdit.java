package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.task.TaskStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A change to one memory. What it changes decides how it is applied:
 * <ul>
 *   <li><b>content</b> replaces the text (and re-embeds it), with new topics or macro topics if given;</li>
 *   <li><b>metadata</b> ({@code topics}, {@code macroTopics}, {@code type}, {@code ephemeral},
 *       {@code expiresAt} / {@code neverExpires}) patches what it names and keeps the text and embedding;</li>
 *   <li><b>task surgery</b> on a task's checklist: {@code toggle} steps, {@code addSteps},
 *       {@code removeSteps}, {@code rewriteSteps}, {@code setStatus}, and {@code output}, which is stored as a
 *       {@code result} memory of the task.</li>
 * </ul>
 * Content and task surgery exclude each other. Every part left {@code null} (or empty) stays as it is.
 *
 * @param memory the memory to change
 * @param expectedVersion the version the caller read ({@code null}: whatever it is now); an edit made since
 *     then fails with {@code VERSION_CONFLICT}
 * @param content the new text
 * @param topics the new topics (replacing all of them)
 * @param macroTopics the new macro topics
 * @param type the new type (not task or task_done: a task's type follows its status)
 * @param ephemeral {@code true}: expire {@link MemoryLimits#EPHEMERAL_DAYS} days from now
 * @param expiresAt the new expiry
 * @param neverExpires {@code true}: clear the expiry
 * @param toggle indices (from 0) of checklist steps to flip between done and open
 * @param addSteps steps to append
 * @param removeSteps indices (from 0) of steps to remove
 * @param rewriteSteps new text for steps, by index (from 0)
 * @param setStatus the task's new status; done makes it a {@code task_done}, leaving done a {@code task}
 * @param output a finding or product of the task, stored as a linked {@code result} memory
 */
public record MemoryEdit(
        MemoryId memory,
        Long expectedVersion,
        String content,
        List<String> topics,
        List<String> macroTopics,
        MemoryKind type,
        Boolean ephemeral,
        Instant expiresAt,
        boolean neverExpires,
        List<Integer> toggle,
        List<String> addSteps,
        List<Integer> removeSteps,
        Map<Integer, String> rewriteSteps,
        TaskStatus setStatus,
        String output) {

    /** Copies the lists; a null list is empty. Validation happens when the edit is applied. */
    public MemoryEdit {
        Objects.requireNonNull(memory, "memory");
        toggle = toggle == null ? List.of() : List.copyOf(toggle);
        addSteps = addSteps == null ? List.of() : List.copyOf(addSteps);
        removeSteps = removeSteps == null ? List.of() : List.copyOf(removeSteps);
        rewriteSteps = rewriteSteps == null ? Map.of() : Map.copyOf(rewriteSteps);
    }

    /** An edit of {@code memory} that changes nothing yet. */
    public static MemoryEdit of(MemoryId memory) {
        return new MemoryEdit(memory, null, null, null, null, null, null, null, false, null, null, null, null, null,
                null);
    }

    /** This edit, refused if the memory's version is no longer {@code version}. */
    public MemoryEdit expecting(long version) {
        return new MemoryEdit(memory, version, content, topics, macroTopics, type, ephemeral, expiresAt, neverExpires,
                toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, replacing the text. */
    public MemoryEdit withContent(String value) {
        return new MemoryEdit(memory, expectedVersion, value, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, replacing the topics. */
    public MemoryEdit withTopics(List<String> value) {
        return new MemoryEdit(memory, expectedVersion, content, value, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, replacing the macro topics. */
    public MemoryEdit withMacroTopics(List<String> value) {
        return new MemoryEdit(memory, expectedVersion, content, topics, value, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, changing the type. */
    public MemoryEdit withType(MemoryKind value) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, value, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, expiring the memory at {@code value}, or never for {@code null}. */
    public MemoryEdit withExpiresAt(Instant value) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, value,
                value == null, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, making the memory ephemeral. */
    public MemoryEdit makingEphemeral() {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, true, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, flipping the steps at these indices. */
    public MemoryEdit toggling(List<Integer> indices) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, indices, addSteps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, appending steps. */
    public MemoryEdit addingSteps(List<String> steps) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, steps, removeSteps, rewriteSteps, setStatus, output);
    }

    /** This edit, removing the steps at these indices. */
    public MemoryEdit removingSteps(List<Integer> indices) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, indices, rewriteSteps, setStatus, output);
    }

    /** This edit, rewriting steps by index. */
    public MemoryEdit rewritingSteps(Map<Integer, String> steps) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, steps, setStatus, output);
    }

    /** This edit, moving the task to {@code value}. */
    public MemoryEdit withStatus(TaskStatus value) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, value, output);
    }

    /** This edit, storing {@code value} as the task's result. */
    public MemoryEdit withOutput(String value) {
        return new MemoryEdit(memory, expectedVersion, content, topics, macroTopics, type, ephemeral, expiresAt,
                neverExpires, toggle, addSteps, removeSteps, rewriteSteps, setStatus, value);
    }

    /** Whether this edit operates on a task's checklist. */
    public boolean isTaskSurgery() {
        return !toggle.isEmpty() || !addSteps.isEmpty() || !removeSteps.isEmpty() || !rewriteSteps.isEmpty()
                || setStatus != null || output != null;
    }
}
