package dev.colony.langchain4j;

import dev.colony.core.fixture.OpenColony;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;

/** {@link FilteringEmbeddingStoreContract} on a PostgreSQL database of the embedded test server. */
class PostgresEmbeddingStoreTest extends FilteringEmbeddingStoreContract {

    private static final OpenColony COLONY =
            new OpenColony("langchain4j", dir -> PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir)));

    @AfterAll
    static void closeColony() throws IOException {
        COLONY.close();
    }

    @Override
    ColonyEmbeddingStore store() {
        return new ColonyEmbeddingStore(COLONY.as("alice"), "contract");
    }
}
