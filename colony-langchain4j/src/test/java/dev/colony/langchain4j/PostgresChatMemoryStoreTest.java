package dev.colony.langchain4j;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.file.Path;

/** {@link ChatMemoryStoreContract} on a PostgreSQL database of the embedded test server. */
class PostgresChatMemoryStoreTest extends ChatMemoryStoreContract {

    @Override
    StorageProvider openStore(Path dir) {
        return PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir));
    }
}
