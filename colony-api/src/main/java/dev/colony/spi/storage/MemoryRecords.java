package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.TimelineEntry;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and writes memories: what the services of colony-core ask of them. A memory read carries its version,
 * its rev in the change feed. Forgotten and purged memories (see {@link Presence}) are never read back: every
 * method behaves as if they did not exist. The other facets of the memories table are the change feed
 * ({@link MemoryFeed}), the stored embeddings ({@link MemoryVectors}) and forgetting ({@link MemoryForgetting}).
 */
public interface MemoryRecords {

    /**
     * Inserts a memory and returns it as stored, with its new id (larger than every id before it) and its
     * version (the rev it takes in the change feed). Must run in a write transaction.
     */
    Memory insert(NewMemory memory);

    /**
     * Replaces what may change of a stored memory with the values of {@code memory}: kind, content, topics,
     * macro topics, ref, artifact, expiry, the retracted flag, metadata, {@code updated_at} and the
     * vector; id, namespace, session, task, reply target and creation time stay as stored, and the version of
     * {@code memory} is not read. The memory takes the next rev as its version, so the change feed reports it
     * again. Must run in a write transaction.
     *
     * @param vector the embedding of the new search text with its model, or {@code null}
     * @param passages the embeddings of its sentences (see {@link NewMemory#passages()}), which replace the stored
     *     ones
     * @return whether a memory with {@code memory.id()} exists
     */
    boolean update(Memory memory, StoredVector vector, List<StoredVector> passages);

    /** {@link #update(Memory, StoredVector, List)} with no passages. */
    default boolean update(Memory memory, StoredVector vector) {
        return update(memory, vector, List.of());
    }

    /** The memory with this id. */
    Optional<Memory> find(MemoryId id);

    /** The memories with these ids that exist, in ascending id order. */
    List<Memory> findAll(Collection<MemoryId> ids);

    /**
     * A window of one session's memories in {@code namespaces} (the ones the reader may read; a session may
     * have written into a collection the reader has left), newest first (by id); none for no namespaces.
     *
     * <p>Without {@code aroundId}: the latest {@code limit} memories. With it: a window of at most
     * {@code limit} memories that contains {@code aroundId}, with up to {@code limit / 2} memories
     * newer than it and the rest at or before it; when one side has fewer, the other side fills the
     * window.
     */
    List<TimelineEntry> timeline(SessionId session, Set<NamespaceId> namespaces, MemoryId aroundId, int limit);

    /** How many unretracted memories {@code namespace} holds. */
    long countIn(NamespaceId namespace);
}
