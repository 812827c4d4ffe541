package dev.colony.api.admin;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import dev.colony.spi.storage.ForgottenMemory;
import java.util.function.LongConsumer;

/**
 * The store owner's operations (what {@code colony forget}, {@code reindex}, {@code export}, {@code import} and
 * {@code delegation} run). None asks a caller's access: whoever can open the store owns it. Each runs in its own
 * transactions and tells the search index through the change feed, as any write does.
 */
public interface ColonyAdmin {

    /**
     * Forgets a live memory: every read path stops showing it; its row stays for the audit trail.
     *
     * @param by who forgets it, for the audit trail
     * @return the memory as the audit trail now keeps it
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when no memory has this id,
     *     {@code INVALID_ARGUMENT} when it is forgotten already
     */
    ForgottenMemory forget(MemoryId id, String by);

    /**
     * Purges a memory, live or forgotten: as {@link #forget}, and its text, metadata and vector are wiped from the
     * store and every search index.
     *
     * @param by who purges it, for the audit trail
     * @return the memory as the audit trail now keeps it
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when no memory has this id,
     *     {@code INVALID_ARGUMENT} when it is purged already
     */
    ForgottenMemory purge(MemoryId id, String by);

    /**
     * How many memories lack a vector of the configured model.
     *
     * @throws ColonyException {@code UNAVAILABLE} when this Colony has no embedder
     */
    long unembedded();

    /**
     * Embeds every memory that lacks a vector of the configured model, in batches; safe to stop and run again,
     * and to run while other processes search and write.
     *
     * @param progress told, after each batch, how many memories were handled so far
     * @throws ColonyException {@code UNAVAILABLE} when this Colony has no embedder
     */
    Reembedding reembed(LongConsumer progress);

    /**
     * Exports what {@code user} may read (the namespaces the access gate names readable when the export runs),
     * read in one transaction, then handed to {@code sink} in the order a restore needs.
     *
     * @return what was exported
     */
    ArchiveSummary export(UserId user, ArchiveSink sink);

    /**
     * Restores an archive into this store, which must be empty: {@code source} is read and checked whole before
     * anything is written, then every row is written in one transaction, ids included.
     *
     * @return what was restored
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code archive} for a malformed archive, one of
     *     another format, or a store that is not empty; nothing is written
     */
    ArchiveSummary restore(ArchiveSource source);

    /** The store's delegation policy: show, set or clear it. */
    DelegationPolicy delegation();
}
