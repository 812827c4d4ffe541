package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Function;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.params.provider.Arguments;

/**
 * What the core tests share: a Colony on a private in-memory H2 database with an in-memory Lucene index, the
 * stores a behaviour must hold on (each opening a database in a directory, again for a second process), and
 * the check of a refusal's code and field.
 */
final class ColonyTestSupport {

    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    private ColonyTestSupport() {
    }

    static Colony inMemory(MutableClock clock) {
        return Colony.builder()
                .storage(H2StorageProvider.inMemory())
                .search(LuceneSearch.besideStore())
                .clock(clock)
                .build();
    }

    /**
     * Every store, by name, as a function of a directory: an H2 file, a SQLite file and a PostgreSQL database
     * of the test server. Called again with the same directory, it opens the same database.
     */
    static Stream<Arguments> stores() {
        return Stream.of(
                Arguments.of("h2-file", (Function<Path, StorageProvider>) d -> H2StorageProvider.file(d.resolve("c"))),
                Arguments.of("sqlite", (Function<Path, StorageProvider>) d -> SqliteStorageProvider.open(
                        d.resolve("c.db"))),
                Arguments.of("postgresql", (Function<Path, StorageProvider>) d -> PostgresStorageProvider.open(
                        PostgresTestServer.databaseFor(d))));
    }

    /** The stores two processes can open at once (not an H2 file). */
    static Stream<Arguments> sharedStores() {
        return stores().filter(arguments -> !arguments.get()[0].equals("h2-file"));
    }

    /** The scope of {@code user}'s {@code claude-code} agent, in a session announced now. */
    static CallerScope as(Colony colony, String user) {
        return as(colony, user, "claude-code");
    }

    /** The scope of {@code user}'s {@code agent}, in a session announced now. */
    static CallerScope as(Colony colony, String user, String agent) {
        return colony.as(colony.sessions().ensure(SessionStart.of(user, agent)).actor());
    }

    /** Asserts that {@code call} is refused with {@code code}, naming {@code field}. */
    static void assertRefused(ThrowingCallable call, ErrorCode code, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.field()).isEqualTo(field);
        });
    }
}
