package dev.colony.core.internal.memory;

import dev.colony.api.NamespaceId;
import dev.colony.api.Previews;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.StorageTransaction;
import java.time.Instant;
import java.util.Optional;

/**
 * The task behind a task memory: writing a memory of kind {@code task} or {@code task_done} opens a task
 * (the same model as a task thread, without repository root or branch) whose checklist the memory holds,
 * so that the task feed, task threads and search all see one task.
 */
public final class TrackedTasks {

    /** The longest task title: the longest line of a checklist. */
    private static final int MAX_TITLE_CHARS = TaskChecklist.MAX_LINE_CHARS;

    private TrackedTasks() {
    }

    /**
     * Whether writing a memory of {@code kind} opens a task: a task memory that is not posted on an existing
     * task ({@code postedOn} is {@code null}).
     */
    public static boolean opensTask(MemoryKind kind, TaskId postedOn) {
        return postedOn == null && kind.isTask();
    }

    /**
     * Opens the task of a task memory of {@code kind} and {@code content} in {@code namespace}: titled and with
     * the status of its checklist, or, for a task written as free text, titled with its first line and pending
     * (done for {@code task_done}). The caller posts the memory on it and attaches it as the checklist.
     */
    public static TaskId open(StorageTransaction tx, NamespaceId namespace, MemoryKind kind, String content,
            SessionId session, Instant now) {
        Optional<TaskChecklist> checklist = TaskChecklist.parse(content);
        String title = checklist.map(TaskChecklist::title).orElseGet(() -> firstLine(content));
        TaskStatus status = checklist.map(TaskChecklist::status).orElse(
                kind.equals(MemoryKind.TASK_DONE) ? TaskStatus.DONE : TaskStatus.PENDING);
        return tx.trackedTasks().insert(namespace, title, status, session, now).id();
    }

    private static String firstLine(String content) {
        String line = content.strip().lines().findFirst().orElse("").strip();
        return Previews.clip(line, MAX_TITLE_CHARS);
    }
}
