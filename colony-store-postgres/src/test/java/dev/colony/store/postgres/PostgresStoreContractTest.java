package dev.colony.store.postgres;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MultiProcessContract;
import dev.colony.store.tck.StorageContract;
import dev.colony.store.tck.StorageTck;
import dev.colony.store.tck.StoreFactory;
import java.nio.file.Path;
import java.util.List;

/** The whole storage contract, including two processes on one database, on a real PostgreSQL server. */
class PostgresStoreContractTest extends StorageContract implements StorageTck, MultiProcessContract {

    @Override
    protected StorageProvider openProvider(Path dir) {
        return new PostgresStoreFactory().open(dir);
    }

    @Override
    public Class<? extends StoreFactory> storeFactory() {
        return PostgresStoreFactory.class;
    }

    @Override
    public List<String> childJvmOptions() {
        return List.of(PostgresTestServer.childJvmOption());
    }
}
