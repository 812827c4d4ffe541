package dev.colony.store.sqlite;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MultiProcessContract;
import dev.colony.store.tck.StorageContract;
import dev.colony.store.tck.StorageTck;
import dev.colony.store.tck.StoreFactory;
import java.nio.file.Path;

/** The whole storage contract, including two processes on one file, on a SQLite file. */
class SqliteStoreContractTest extends StorageContract implements StorageTck, MultiProcessContract {

    @Override
    protected StorageProvider openProvider(Path dir) {
        return new SqliteStoreFactory().open(dir);
    }

    @Override
    public Class<? extends StoreFactory> storeFactory() {
        return SqliteStoreFactory.class;
    }
}
