package dev.colony.api.task;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * A link between two task threads. It has no direction: it is named by its two task ids in ascending
 * order, and either thread finds it.
 *
 * @param lowId the smaller task id
 * @param highId the larger task id
 * @param createdAt when it was first made; linking again does not move it
 * @param createdBy the session that made it
 * @param note why the threads are related, or {@code null}
 */
public record TaskLink(TaskId lowId, TaskId highId, Instant createdAt, SessionId createdBy, String note) {

    /** Checks the components: both ids present and in ascending order. */
    public TaskLink {
        Objects.requireNonNull(lowId, "lowId");
        Objects.requireNonNull(highId, "highId");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(createdBy, "createdBy");
        if (lowId.value() >= highId.value()) {
            throw new IllegalArgumentException("lowId must be smaller than highId: " + lowId + ", " + highId);
        }
    }

    /** The id at the other end from {@code task}. */
    public TaskId other(TaskId task) {
        return task.equals(lowId) ? highId : lowId;
    }
}
