package dev.colony.core.internal;

import dev.colony.spi.search.MemorySource;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Exposes a storage provider to a search index as a log of memories ordered by id. */
public final class StoreMemorySource implements MemorySource {

    private final StorageProvider storage;

    /** A source over {@code storage}. */
    public StoreMemorySource(StorageProvider storage) {
        this.storage = Objects.requireNonNull(storage, "storage");
    }

    @Override
    public String storeId() {
        return storage.storeId();
    }

    @Override
    public Optional<Path> location() {
        return storage.location();
    }

    @Override
    public long latestId() {
        return storage.read(tx -> tx.memories().latestId());
    }

    @Override
    public List<MemoryDocument> after(long afterId, int limit) {
        return storage.read(tx -> tx.memories().after(afterId, limit));
    }
}
