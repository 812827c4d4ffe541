package dev.colony.springai;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.file.Path;

/** {@link ChatMemoryRepositoryContract} on a PostgreSQL database of the embedded test server. */
class PostgresChatMemoryRepositoryTest extends ChatMemoryRepositoryContract {

    @Override
    StorageProvider openStore(Path dir) {
        return PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir));
    }
}
