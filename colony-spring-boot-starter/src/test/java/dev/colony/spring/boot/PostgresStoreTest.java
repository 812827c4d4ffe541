package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony.jdbc-url} puts the store on PostgreSQL (the embedded test server), winning over {@code colony.db}. */
class PostgresStoreTest {

    @TempDir
    Path dir;

    @Test
    void aJdbcUrlPutsTheStoreOnPostgresqlWithTheIndexCachedUnderHome() {
        String url = PostgresTestServer.databaseFor(dir);
        Runners.starter(dir).withPropertyValues("colony.jdbc-url=" + url, "colony.db-user=postgres",
                "colony.db=" + dir.resolve("unused.db")).run(context -> {
                    assertThat(context.getBean(Colony.class).storage()).isInstanceOf(PostgresStorageProvider.class);
                    CallerScope caller = context.getBean(CallerScope.class);
                    caller.memories().add(MemoryDraft.of(MemoryKind.FACT, "The shared store runs on PostgreSQL."));
                    assertThat(caller.memories().search(SearchQuery.of("shared store"))).hasSize(1);
                });
        assertThat(dir.resolve("unused.db")).doesNotExist();
        assertThat(dir.resolve("index")).as("the per-machine index cache").isDirectory();
    }
}
