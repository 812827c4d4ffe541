package dev.colony.store.h2;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.StorageContract;
import dev.colony.store.tck.StorageTck;
import java.nio.file.Path;

/** The storage contract on an H2 database file (single process: H2 locks its file). */
class H2FileStoreContractTest extends StorageContract implements StorageTck {

    @Override
    protected StorageProvider openProvider(Path dir) {
        return H2StorageProvider.file(dir.resolve("colony"));
    }
}
