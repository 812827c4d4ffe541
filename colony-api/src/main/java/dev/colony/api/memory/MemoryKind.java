package dev.colony.api.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.task.TaskStatus;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The kind of a memory: an open set of lowercase names with well-known values.
 *
 * <p>The typed memory kinds ({@link #TYPED}) are the ones a client may choose in {@code memory_add};
 * task threads and coordination add their own kinds ({@code note}, {@code claim}, …). Any name that
 * matches {@code [a-z][a-z0-9_-]{0,39}} is a valid kind.
 *
 * @param name the kind's name
 */
public record MemoryKind(String name) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]{0,39}");

    /** Knowledge that is true now. */
    public static final MemoryKind FACT = new MemoryKind("fact");
    /** How someone likes things done. */
    public static final MemoryKind PREFERENCE = new MemoryKind("preference");
    /** A choice that was made, with its reason. */
    public static final MemoryKind DECISION = new MemoryKind("decision");
    /** The location of a file, service or resource, together with what it holds. */
    public static final MemoryKind PATH = new MemoryKind("path");
    /** Actionable work. */
    public static final MemoryKind TASK = new MemoryKind("task");
    /** Completed work; set by the task lifecycle, not by clients. */
    public static final MemoryKind TASK_DONE = new MemoryKind("task_done");
    /** Output produced for a task; ranked below other kinds in search. */
    public static final MemoryKind RESULT = new MemoryKind("result");
    /** A task-thread note. */
    public static final MemoryKind NOTE = new MemoryKind("note");
    /** The audit record of one session recalling another. */
    public static final MemoryKind RECALL = new MemoryKind("recall");

    /** The kinds a client may pick when it adds a typed memory. */
    public static final List<MemoryKind> TYPED =
            List.of(FACT, PREFERENCE, DECISION, PATH, TASK, TASK_DONE, RESULT);

    private static final Set<String> TYPED_NAMES =
            Set.of("fact", "preference", "decision", "path", "task", "task_done", "result");

    /** Validates the name. */
    public MemoryKind {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ColonyException.invalid("kind",
                    "must match [a-z][a-z0-9_-]{0,39}, was " + Echo.quoted(name));
        }
    }

    /** The kind with this name. */
    public static MemoryKind of(String name) {
        return new MemoryKind(name);
    }

    /**
     * One of the {@link #TYPED} kinds, by name.
     *
     * @param field the argument name to report in the error
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for any other name
     */
    public static MemoryKind typed(String field, String name) {
        if (name == null || !TYPED_NAMES.contains(name)) {
            throw ColonyException.invalid(field, "must be one of fact, preference, decision, path, task, "
                    + "task_done, result; was " + Echo.quoted(name));
        }
        return new MemoryKind(name);
    }

    /** Whether this is a task's kind: {@code task}, or {@code task_done} once its status is done. */
    public boolean isTask() {
        return equals(TASK) || equals(TASK_DONE);
    }

    /** The kind of a task with {@code status}: {@code task_done} when done, {@code task} otherwise. */
    public static MemoryKind ofTask(TaskStatus status) {
        return status == TaskStatus.DONE ? TASK_DONE : TASK;
    }

    /** Whether this kind is ranked below others in search. */
    public boolean demotedInSearch() {
        return equals(RESULT);
    }

    @Override
    public String toString() {
        return name;
    }
}
