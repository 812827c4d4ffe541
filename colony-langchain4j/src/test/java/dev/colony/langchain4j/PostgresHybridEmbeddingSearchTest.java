package dev.colony.langchain4j;

import dev.colony.api.CallerScope;
import dev.colony.core.fixture.OpenColony;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;

/** {@link HybridEmbeddingSearchContract} on a PostgreSQL database of the embedded test server. */
class PostgresHybridEmbeddingSearchTest extends HybridEmbeddingSearchContract {

    private static final OpenColony COLONY =
            new OpenColony("langchain4j", dir -> PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir)));

    @AfterAll
    static void closeColony() throws IOException {
        COLONY.close();
    }

    @Override
    CallerScope caller() {
        return COLONY.as("alice");
    }
}
