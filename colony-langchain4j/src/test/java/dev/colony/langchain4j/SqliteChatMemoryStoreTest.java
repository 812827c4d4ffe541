package dev.colony.langchain4j;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;

/** {@link ChatMemoryStoreContract} on a SQLite file. */
class SqliteChatMemoryStoreTest extends ChatMemoryStoreContract {

    @Override
    StorageProvider openStore(Path dir) {
        return SqliteStorageProvider.open(dir.resolve("colony.db"));
    }
}
