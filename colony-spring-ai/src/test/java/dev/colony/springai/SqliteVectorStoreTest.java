package dev.colony.springai;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;

/** {@link VectorStoreContract} on a SQLite file. */
class SqliteVectorStoreTest extends VectorStoreContract {

    @Override
    StorageProvider openStore(Path dir) {
        return SqliteStorageProvider.open(dir.resolve("colony.db"));
    }
}
