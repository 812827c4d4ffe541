package dev.colony.springai;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;

/** {@link ChatMemoryRepositoryContract} on a SQLite file. */
class SqliteChatMemoryRepositoryTest extends ChatMemoryRepositoryContract {

    @Override
    StorageProvider openStore(Path dir) {
        return SqliteStorageProvider.open(dir.resolve("colony.db"));
    }
}
