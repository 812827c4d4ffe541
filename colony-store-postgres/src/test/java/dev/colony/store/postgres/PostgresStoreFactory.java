package dev.colony.store.postgres;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.StoreFactory;
import java.nio.file.Path;

/**
 * Opens the PostgreSQL store of a test directory: its own database on the {@link PostgresTestServer}.
 * Also used by the TCK's child process, which reaches the parent's server through
 * {@link PostgresTestServer#childJvmOption()}.
 */
public final class PostgresStoreFactory implements StoreFactory {

    /** Creates the factory (the TCK's child process instantiates it reflectively). */
    public PostgresStoreFactory() {
    }

    @Override
    public StorageProvider open(Path dir) {
        return PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir));
    }
}
