package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.MemoryVectors;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.jdbc.RetryPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the SQLite provider adds to the contract: file handling, pragmas, busy handling, lifecycle. */
class SqliteStorageProviderTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    @TempDir
    Path dir;

    private static NewMemory memory(Namespace namespace, SessionId session, String content) {
        return new NewMemory(namespace.id(), session, MemoryKind.NOTE, content, List.of(), List.of(), null, null,
                null, null, T0, null, Map.of(), null);
    }

    /** Creates a user's namespace and session; returns the namespace. */
    private static Namespace seed(SqliteStorageProvider store, String user, String session) {
        return store.write(tx -> {
            tx.sessions().upsert(new Session(SessionId.of(session), UserId.of(user), "codex", null, null, null, null,
                    T0, null, T0));
            return tx.namespaces().personal(UserId.of(user), T0);
        });
    }

    @Test
    void opensAFileInNewDirectoriesWithWalAndDeclaresItsCapabilities() throws SQLException {
        Path file = dir.resolve("a/b/colony.db");
        try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
            assertThat(store.name()).isEqualTo("sqlite");
            assertThat(store.location()).contains(file.toAbsolutePath());
            assertThat(store.capabilities()).containsExactlyInAnyOrder(StorageCapability.PERSISTENT,
                    StorageCapability.MULTI_PROCESS, StorageCapability.VECTORS);
            assertThat(file).exists();
            try (Connection connection = store.baselineDataSource().getConnection();
                    Statement statement = connection.createStatement()) {
                assertThat(pragma(statement, "journal_mode")).isEqualTo("wal");
                assertThat(pragma(statement, "foreign_keys")).isEqualTo("1");
                assertThat(pragma(statement, "synchronous")).isEqualTo("1");
                assertThat(pragma(statement, "busy_timeout")).isEqualTo("5000");
                assertThat(pragma(statement, "secure_delete")).as("FAST").isEqualTo("2");
            }
        }
    }

    @Test
    void aPurgedMemorysTextLeavesTheFile() throws IOException {
        Path file = dir.resolve("purge.db");
        String secret = "sk-live-" + "7f3a9c21e5d84b06";
        try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
            Namespace namespace = seed(store, "alice", "s1");
            for (int i = 0; i < 20; i++) {
                String content = "filler memory " + i;
                store.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s1"), content)));
            }
            MemoryId leaked = store.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s1"),
                    "the payment key is " + secret))).id();
            store.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s1"), "written after it")));
            assertThat(contains(dir, secret)).as("stored at first").isTrue();

            store.write(tx -> tx.memoryForgetting().purge(leaked, "owner", T0));
        }

        assertThat(contains(dir, secret)).as("gone from the database and its journal").isFalse();
    }

    @Test
    void vectorsOfOtherModelsAreCountedThroughTheIndexWithoutVisitingTheModelsOwnAndThoseOfNoRecordedModelAsUnknown() throws SQLException {
        try (SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("models.db"))) {
            Namespace namespace = seed(store, "alice", "s1");
            StoredVector vector = new StoredVector("test/model", new float[] {1f, 0f});
            NewMemory plain = memory(namespace, SessionId.of("s1"), "embedded");
            NewMemory embedded = new NewMemory(plain.namespace(), plain.session(), plain.kind(), plain.content(),
                    plain.topics(), plain.macroTopics(), null, null, null, null, T0, null, Map.of(), vector);
            store.write(tx -> tx.memories().insert(embedded));
            MemoryId legacy = store.write(tx -> tx.memories().insert(embedded)).id();
            store.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s1"), "not embedded")));
            try (Connection connection = store.baselineDataSource().getConnection();
                    Statement statement = connection.createStatement()) {
                // As a vector stored before schema version 9 recorded models.
                statement.executeUpdate("UPDATE memories SET vector_model = NULL, vector_dim = NULL WHERE id = "
                        + legacy.value());
                for (String range : List.of("vector_model < 'm'", "vector_model > 'm'")) {
                    try (ResultSet plan = statement.executeQuery("EXPLAIN QUERY PLAN SELECT vector_model, COUNT(*) "
                            + "FROM memories WHERE " + range + " GROUP BY vector_model")) {
                        plan.next();
                        assertThat(plan.getString("detail")).as(range)
                                .contains("SEARCH memories USING COVERING INDEX ix_memories_vector_model");
                    }
                }
            }

            Map<String, Long> besideAnother = store.read(tx -> tx.memoryVectors().otherVectorModels("other/model"));
            Map<String, Long> besideOwn = store.read(tx -> tx.memoryVectors().otherVectorModels("test/model"));
            assertThat(besideAnother).containsExactlyInAnyOrderEntriesOf(
                    Map.of("test/model", 1L, MemoryVectors.UNKNOWN_MODEL, 1L));
            assertThat(besideOwn).containsExactlyInAnyOrderEntriesOf(Map.of(MemoryVectors.UNKNOWN_MODEL, 1L));
        }
    }

    /** Whether a file directly in {@code dir} (not a directory such as the open markers') holds {@code text}'s bytes. */
    private static boolean contains(Path dir, String text) throws IOException {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path path : files.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(path);
                for (int i = 0; i + needle.length <= bytes.length; i++) {
                    if (Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static String pragma(Statement statement, String name) throws SQLException {
        try (ResultSet row = statement.executeQuery("PRAGMA " + name)) {
            row.next();
            return row.getString(1);
        }
    }

    @Test
    void twoProvidersOnOneFileSeeEachOthersWrites() {
        Path file = dir.resolve("shared.db");
        try (SqliteStorageProvider first = SqliteStorageProvider.open(file);
                SqliteStorageProvider second = SqliteStorageProvider.open(file)) {
            Namespace namespace = seed(first, "alice", "s-1");
            Memory written = first.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s-1"), "hello")));

            assertThat(second.storeId()).isEqualTo(first.storeId());
            Memory found = second.read(tx -> tx.memories().find(written.id())).orElseThrow();
            assertThat(found).isEqualTo(written);
        }
    }

    @Test
    void aBusyDatabaseIsWaitedOutInsideTheStore() throws Exception {
        SqliteOptions options = SqliteOptions.defaults()
                .withBusyTimeout(Duration.ZERO)
                .withRetry(new RetryPolicy(10_000, Duration.ofMillis(1), Duration.ofMillis(5)));
        try (SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("busy.db"), options);
                Connection holder = store.baselineDataSource().getConnection();
                Statement lock = holder.createStatement()) {
            Namespace namespace = seed(store, "bob", "s-2");
            lock.execute("BEGIN IMMEDIATE");

            CompletableFuture<Memory> result = new CompletableFuture<>();
            Thread writer = new Thread(() -> {
                try {
                    result.complete(store.write(tx -> tx.memories().insert(memory(namespace, SessionId.of("s-2"), "late"))));
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            }, "busy-writer");
            writer.start();
            awaitBackoff(writer);
            lock.execute("COMMIT");

            Memory written = result.get(30, TimeUnit.SECONDS);
            Memory found = store.read(tx -> tx.memories().find(written.id())).orElseThrow();
            assertThat(found.content()).isEqualTo("late");
        }
    }

    /** Waits, with a bound, until {@code writer} is parked between two attempts (it met a busy database). */
    private static void awaitBackoff(Thread writer) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (writer.getState() != Thread.State.TIMED_WAITING) {
            assertThat(writer.isAlive()).as("the writer is still trying").isTrue();
            assertThat(System.nanoTime()).as("the writer backed off in time").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    @Test
    void aDatabaseThatStaysLockedIsAStorageFailureAndWritesNothing() throws SQLException {
        SqliteOptions options = SqliteOptions.defaults()
                .withBusyTimeout(Duration.ofMillis(20))
                .withRetry(new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(2)));
        try (SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("locked.db"), options);
                Connection holder = store.baselineDataSource().getConnection();
                Statement lock = holder.createStatement()) {
            Namespace namespace = seed(store, "carol", "s-3");
            long before = store.read(tx -> tx.memoryFeed().latestRev());
            lock.execute("BEGIN IMMEDIATE");
            try {
                ColonyException error = catchThrowableOfType(ColonyException.class, () -> store.write(
                        tx -> tx.memories().insert(memory(namespace, SessionId.of("s-3"), "blocked"))));

                assertThat(error).isNotNull();
                assertThat(error.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
            } finally {
                lock.execute("ROLLBACK");
            }
            long after = store.read(tx -> tx.memoryFeed().latestRev());
            assertThat(after).isEqualTo(before);
        }
    }

    @Test
    void nestedTransactionsAreRefusedAndAClosedStoreSaysSo() {
        SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("life.db"));
        ColonyException nested = catchThrowableOfType(ColonyException.class,
                () -> store.write(tx -> store.read(inner -> inner.memoryFeed().latestRev())));
        assertThat(nested).isNotNull();
        assertThat(nested.code()).isEqualTo(ErrorCode.INTERNAL);

        store.close();
        store.close();

        ColonyException closed = catchThrowableOfType(ColonyException.class,
                () -> store.read(tx -> tx.memoryFeed().latestRev()));
        assertThat(closed).isNotNull();
        assertThat(closed.code()).isEqualTo(ErrorCode.CLOSED);
    }

    @Test
    void baselineDataSourceWritesToTheSameFile() throws SQLException {
        try (SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("baseline.db"));
                Connection connection = store.baselineDataSource().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE raw_rows (id INTEGER PRIMARY KEY, body TEXT)");
            statement.execute("INSERT INTO raw_rows (body) VALUES ('x')");
            try (ResultSet tables = statement.executeQuery(
                    "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('memories', 'raw_rows')")) {
                tables.next();
                assertThat(tables.getInt(1)).isEqualTo(2);
            }
        }
    }
}
