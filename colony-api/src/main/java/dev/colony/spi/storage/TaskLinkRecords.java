package dev.colony.spi.storage;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskLink;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes links between tasks. A link is stored once, smaller task id first; callers pass
 * the ids in that order. Methods that change something must run in a write transaction.
 */
public interface TaskLinkRecords {

    /** The link between {@code lowId} and {@code highId}. */
    Optional<TaskLink> find(TaskId lowId, TaskId highId);

    /**
     * Stores a new link.
     *
     * @throws dev.colony.api.ColonyException {@code DUPLICATE} when the pair is already linked
     */
    TaskLink insert(TaskId lowId, TaskId highId, SessionId createdBy, String note, Instant now);

    /** The links that have {@code task} at either end, oldest first, at most {@code limit}. */
    List<TaskLink> of(TaskId task, int limit);

    /** Removes the link between {@code lowId} and {@code highId}; whether there was one. */
    boolean delete(TaskId lowId, TaskId highId);
}
