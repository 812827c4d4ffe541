package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TimelineEntry;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and writes memories. Forgotten and purged memories (see {@link Presence}) are never read back:
 * every method but {@link #changedSince}, {@link #forgottenMemory} and {@link #purge} behaves as if they
 * did not exist.
 */
public interface MemoryRecords {

    /**
     * Inserts a memory and returns it as stored, with its new id (larger than every id before it).
     * Must run in a write transaction.
     */
    Memory insert(NewMemory memory);

    /**
     * Replaces what may change of a stored memory with the values of {@code memory}: kind, content, topics,
     * macro topics, ref, artifact, expiry, the retracted flag, metadata, {@code updated_at} and the
     * vector; id, namespace, session, task, reply target and creation time stay as stored. The
     * memory takes the next rev, so the change feed reports it again. Must run in a write transaction.
     *
     * @param vector the embedding of the new search text with its model, or {@code null}
     * @return whether a memory with {@code memory.id()} exists
     */
    boolean update(Memory memory, StoredVector vector);

    /** The memory with this id. */
    Optional<Memory> find(MemoryId id);

    /** The revision (its rev in the change feed) of each memory among {@code ids} that exists. */
    Map<MemoryId, Long> revisions(Collection<MemoryId> ids);

    /** The memories with these ids that exist, in ascending id order. */
    List<Memory> findAll(Collection<MemoryId> ids);

    /** The memories with these ids that exist, with their stored vectors and revs, in ascending id order. */
    List<MemoryDocument> documents(Collection<MemoryId> ids);

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

    /**
     * The change feed: memories whose latest insert or update has a rev greater than
     * {@code afterRev}, in ascending rev order, at most {@code limit}; with their stored vectors.
     *
     * <p>Every insert and every update of a memory takes the next store-wide rev, and revs become
     * visible in increasing order: once a reader sees rev {@code n}, no change with a smaller rev
     * appears later. A memory changed twice appears once, at its latest rev. Derived indexes tail
     * the store with this and replace documents by memory id; a forgotten or purged memory comes with its
     * {@link MemoryDocument#presence() presence}, so that they drop it.
     */
    List<MemoryDocument> changedSince(long afterRev, int limit);

    /**
     * Forgets a live memory: no read path returns it from now on, while its row stays for the audit trail.
     * It takes the next rev, so every index drops it; a task it holds the checklist of leaves the feed, and
     * a message it is the body of leaves every inbox (it turns retracted). Must run in a write transaction.
     *
     * @param by who forgot it, for the audit trail
     * @return whether a live memory with this id existed
     */
    boolean forget(MemoryId id, String by, Instant at);

    /**
     * Purges a memory, live or forgotten: forgets it (if it was live) and wipes its content, topics,
     * macro topics, ref, artifact, metadata and vector, and the copies the store keeps of its text (a
     * message's preview, a tracked task's title); its id and place stay so that references hold. It takes
     * the next rev, so every index drops it. Must run in a write transaction.
     *
     * @return whether a memory with this id existed that was not purged yet
     */
    boolean purge(MemoryId id, String by, Instant at);

    /** A forgotten (or purged) memory as its row keeps it, for the audit trail; empty for a live one. */
    Optional<ForgottenMemory> forgottenMemory(MemoryId id);

    /** The largest rev, or 0 when no memory exists. */
    long latestRev();

    /** How many unretracted memories {@code namespace} holds. */
    long countIn(NamespaceId namespace);

    /** The model id under which {@link #vectorModels()} counts vectors stored before models were recorded. */
    String UNKNOWN_MODEL = "unknown";

    /**
     * How many memories carry a vector, by the model that computed it; vectors stored before models
     * were recorded count under {@link #UNKNOWN_MODEL}. Tells whether the store's vectors are all of
     * the configured model.
     */
    Map<String, Long> vectorModels();

    /**
     * Memories with no vector of {@code model} and {@code dimension} (none at all, or another model's),
     * of any kind but {@code excludedKinds}, with an id greater than {@code afterId}, in ascending id
     * order, at most {@code limit}: what a re-embedding pages through.
     */
    List<MemoryDocument> withoutVector(String model, int dimension, Set<MemoryKind> excludedKinds, long afterId,
            int limit);

    /** How many memories {@link #withoutVector} would page through from the start. */
    long countWithoutVector(String model, int dimension, Set<MemoryKind> excludedKinds);

    /**
     * Stores {@code vector} as the embedding of memory {@code id} if the memory is still at {@code rev}
     * (compare-and-set: an edit made meanwhile wins, and brings its own vector); the memory then takes
     * the next rev, so the change feed hands the vector to every index. Must run in a write transaction.
     *
     * @return whether the vector was stored
     */
    boolean storeVector(MemoryId id, long rev, StoredVector vector);
}
