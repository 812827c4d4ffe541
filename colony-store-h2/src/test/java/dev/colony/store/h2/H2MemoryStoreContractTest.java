package dev.colony.store.h2;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.StorageContract;
import dev.colony.store.tck.StorageTck;
import java.nio.file.Path;

/** The storage contract on a private in-memory H2 database; the directory is not used. */
class H2MemoryStoreContractTest extends StorageContract implements StorageTck {

    @Override
    protected StorageProvider openProvider(Path dir) {
        return H2StorageProvider.inMemory();
    }
}
