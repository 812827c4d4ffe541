package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import java.time.Instant;
import java.util.Optional;

/**
 * Forgetting and purging memories, and what the audit trail keeps of them: the store owner's operations (and a
 * memory's author forgetting it). A forgotten memory's row stays; no read of {@link MemoryRecords} or
 * {@link MemoryVectors} returns it, while the {@link MemoryFeed change feed} reports it so that indexes drop it.
 */
public interface MemoryForgetting {

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
}
