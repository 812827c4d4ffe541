package dev.colony.store.sqlite;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.StoreFactory;
import java.nio.file.Path;

/** Opens the SQLite store as {@code colony.db} in a directory; also used by the TCK's child process. */
public final class SqliteStoreFactory implements StoreFactory {

    /** Creates the factory (the TCK's child process instantiates it reflectively). */
    public SqliteStoreFactory() {
    }

    @Override
    public StorageProvider open(Path dir) {
        return SqliteStorageProvider.open(dir.resolve("colony.db"));
    }
}
