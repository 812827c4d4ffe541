package dev.colony.search.lucene;

import dev.colony.spi.search.MemorySource;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The search index's view of a real store: read transactions over the storage SPI. */
final class StorageMemorySource implements MemorySource {

    private final StorageProvider provider;

    StorageMemorySource(StorageProvider provider) {
        this.provider = provider;
    }

    @Override
    public String storeId() {
        return provider.storeId();
    }

    @Override
    public Optional<Path> location() {
        return provider.location();
    }

    @Override
    public long latestId() {
        return provider.read(tx -> tx.memories().latestId());
    }

    @Override
    public List<MemoryDocument> after(long afterId, int limit) {
        return provider.read(tx -> tx.memories().after(afterId, limit));
    }
}
