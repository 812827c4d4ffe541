package dev.colony.spi.search;

import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The store as a search index sees it: a change feed of memories ordered by rev. An index tails it
 * from the rev it has indexed through and replaces each memory's document by id.
 */
public interface MemorySource {

    /** The identifier of the store (see {@link dev.colony.spi.storage.StorageProvider#storeId()}). */
    String storeId();

    /** The database file, when there is one; an index may keep its files beside it. */
    Optional<Path> location();

    /** The largest rev of the store's change feed, or 0 when it is empty. */
    long latestRev();

    /**
     * The change feed after {@code afterRev}: each changed memory once, at its latest rev, ascending,
     * at most {@code limit} (see {@link dev.colony.spi.storage.MemoryFeed#changedSince}).
     */
    List<MemoryDocument> changedSince(long afterRev, int limit);

    /**
     * The source over a storage provider: each call is one read transaction. This is how a Colony
     * hands its store to its index, and how tools open an index over a store directly.
     */
    static MemorySource over(StorageProvider storage) {
        Objects.requireNonNull(storage, "storage");
        return new MemorySource() {
            @Override
            public String storeId() {
                return storage.storeId();
            }

            @Override
            public Optional<Path> location() {
                return storage.location();
            }

            @Override
            public long latestRev() {
                return storage.read(tx -> tx.memoryFeed().latestRev());
            }

            @Override
            public List<MemoryDocument> changedSince(long afterRev, int limit) {
                return storage.read(tx -> tx.memoryFeed().changedSince(afterRev, limit));
            }
        };
    }
}
