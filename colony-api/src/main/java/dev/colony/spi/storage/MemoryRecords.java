package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.TimelineEntry;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Reads and writes memories. */
public interface MemoryRecords {

    /**
     * Inserts a memory and returns it as stored, with its new id (larger than every id before it).
     * Must run in a write transaction.
     */
    Memory insert(NewMemory memory);

    /**
     * Replaces what may change of a stored memory with the values of {@code memory}: content, topics,
     * macro topics, ref, artifact, expiry, the retracted flag, metadata, {@code updated_at} and the
     * vector; id, namespace, session, kind, task, reply target and creation time stay as stored. The
     * memory takes the next rev, so the change feed reports it again. Must run in a write transaction.
     *
     * @param vector the embedding of the new search text, or {@code null}
     * @return whether a memory with {@code memory.id()} exists
     */
    boolean update(Memory memory, float[] vector);

    /** The memory with this id. */
    Optional<Memory> find(MemoryId id);

    /** The memories with these ids that exist, in ascending id order. */
    List<Memory> findAll(Collection<MemoryId> ids);

    /**
     * A window of one session's memories, newest first (by id).
     *
     * <p>Without {@code aroundId}: the latest {@code limit} memories. With it: a window of at most
     * {@code limit} memories that contains {@code aroundId}, with up to {@code limit / 2} memories
     * newer than it and the rest at or before it; when one side has fewer, the other side fills the
     * window.
     */
    List<TimelineEntry> timeline(SessionId session, MemoryId aroundId, int limit);

    /**
     * The change feed: memories whose latest insert or update has a rev greater than
     * {@code afterRev}, in ascending rev order, at most {@code limit}; with their stored vectors.
     *
     * <p>Every insert and every update of a memory takes the next store-wide rev, and revs become
     * visible in increasing order: once a reader sees rev {@code n}, no change with a smaller rev
     * appears later. A memory changed twice appears once, at its latest rev. Derived indexes tail
     * the store with this and replace documents by memory id.
     */
    List<MemoryDocument> changedSince(long afterRev, int limit);

    /** The largest rev, or 0 when no memory exists. */
    long latestRev();
}
