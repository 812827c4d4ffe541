package dev.colony.langchain4j;

import dev.colony.core.fixture.OpenColony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;

/** {@link FilteringEmbeddingStoreContract} on a SQLite file. */
class SqliteEmbeddingStoreTest extends FilteringEmbeddingStoreContract {

    private static final OpenColony COLONY =
            new OpenColony("langchain4j", dir -> SqliteStorageProvider.open(dir.resolve("colony.db")));

    @AfterAll
    static void closeColony() throws IOException {
        COLONY.close();
    }

    @Override
    ColonyEmbeddingStore store() {
        return new ColonyEmbeddingStore(COLONY.as("alice"), "contract");
    }
}
