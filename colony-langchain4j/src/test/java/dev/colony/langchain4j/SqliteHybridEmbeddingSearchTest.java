package dev.colony.langchain4j;

import dev.colony.api.CallerScope;
import dev.colony.core.fixture.OpenColony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;

/** {@link HybridEmbeddingSearchContract} on a SQLite file. */
class SqliteHybridEmbeddingSearchTest extends HybridEmbeddingSearchContract {

    private static final OpenColony COLONY =
            new OpenColony("langchain4j", dir -> SqliteStorageProvider.open(dir.resolve("colony.db")));

    @AfterAll
    static void closeColony() throws IOException {
        COLONY.close();
    }

    @Override
    CallerScope caller() {
        return COLONY.as("alice");
    }
}
