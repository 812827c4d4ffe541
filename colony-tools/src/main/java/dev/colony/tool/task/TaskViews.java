package dev.colony.tool.task;

import dev.colony.api.task.LinkedThread;
import dev.colony.api.task.TaskLink;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.ThreadEntry;
import dev.colony.api.task.WorkingPointer;
import dev.colony.tool.Nullable;
import java.util.List;

/**
 * The records the task tools return, in one place so that every tool spells a thread, a thread entry
 * and a link the same way: task and memory ids as numbers, sessions as strings, times as epoch
 * milliseconds, a post's kind as {@code kind}.
 */
final class TaskViews {

    private TaskViews() {
    }

    /** A thread, compact: no participants and no posts. */
    record ThreadView(long id, String title, @Nullable String repoRoot, @Nullable String branch, String status,
            @Nullable String createdBy, long createdAt, long updatedAt) {

        static ThreadView of(TaskThread thread) {
            return new ThreadView(thread.id().value(), thread.title(), thread.repoRoot(), thread.branch(),
                    thread.status().wireName(), thread.createdBy() == null ? null : thread.createdBy().value(),
                    thread.createdAt().toEpochMilli(), thread.updatedAt().toEpochMilli());
        }
    }

    /** One line of a thread's timeline. */
    record Entry(long id, String kind, String sessionId, long ts, @Nullable Long replyTo) {

        static List<Entry> all(List<ThreadEntry> entries) {
            return entries.stream().map(entry -> new Entry(entry.id().value(), entry.kind().name(),
                    entry.session().value(), entry.ts().toEpochMilli(),
                    entry.replyTo() == null ? null : entry.replyTo().value())).toList();
        }
    }

    /** One update of a thread: a post by another session. */
    record Update(long id, String kind, String sessionId, long ts) {

        static List<Update> all(List<ThreadEntry> entries) {
            return entries.stream().map(entry -> new Update(entry.id().value(), entry.kind().name(),
                    entry.session().value(), entry.ts().toEpochMilli())).toList();
        }
    }

    /** A link as stored: its two ends in ascending order. */
    record LinkView(long lowId, long highId, long createdAt, String createdBy, @Nullable String note) {

        static LinkView of(TaskLink link) {
            return new LinkView(link.lowId().value(), link.highId().value(), link.createdAt().toEpochMilli(),
                    link.createdBy().value(), link.note());
        }
    }

    /** A link seen from one thread: the thread at the other end, and the link's metadata. */
    record LinkedView(long taskId, String title, @Nullable String repoRoot, @Nullable String branch, String status,
            @Nullable String note, long createdAt, String createdBy, long lowId, long highId) {

        static LinkedView of(LinkedThread linked) {
            TaskThread other = linked.other();
            TaskLink link = linked.link();
            return new LinkedView(other.id().value(), other.title(), other.repoRoot(), other.branch(),
                    other.status().wireName(), link.note(), link.createdAt().toEpochMilli(),
                    link.createdBy().value(), link.lowId().value(), link.highId().value());
        }
    }

    /** The pointer fields of a working note, as stored. */
    record Pointer(@Nullable String branch, @Nullable String task, @Nullable String blocker, String next,
            String evidence) {

        static Pointer of(WorkingPointer pointer) {
            return new Pointer(pointer.branch(), pointer.task(), pointer.blocker(), pointer.next(),
                    pointer.evidence());
        }
    }
}
