package dev.colony.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.SignalRecords.NewSignal;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import dev.colony.store.jdbc.JdbcStorageProvider;
import dev.colony.store.tck.Fixtures;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the PostgreSQL provider adds to the contract: URLs, credentials, the schema check, lost connections. */
class PostgresStorageProviderTest {

    @TempDir
    Path dir;

    @Test
    void declaresAServerStoreWithoutAFile() {
        try (PostgresStorageProvider store = PostgresStorageProvider.open(PostgresTestServer.databaseFor(dir))) {
            assertThat(store.name()).isEqualTo("postgresql");
            assertThat(store.location()).isEmpty();
            assertThat(store.capabilities()).containsExactlyInAnyOrder(StorageCapability.PERSISTENT,
                    StorageCapability.MULTI_PROCESS, StorageCapability.VECTORS);
        }
    }

    @Test
    void aSignalCommittedByAnotherProviderIsPushedToListenersAndARolledBackOneIsNot() throws InterruptedException {
        String url = PostgresTestServer.databaseFor(dir);
        try (PostgresStorageProvider listening = PostgresStorageProvider.open(url);
                PostgresStorageProvider sending = PostgresStorageProvider.open(url)) {
            Semaphore pushes = new Semaphore(0);
            StorageProvider.Listening registration = listening.listen(StorageTopic.SIGNALS, pushes::release)
                    .orElseThrow();
            assertThat(pushes.tryAcquire(10, TimeUnit.SECONDS)).as("a first call once listening").isTrue();
            Fixtures.Writer sender = Fixtures.writer(sending);
            Namespace collection = sending.write(tx -> tx.namespaces().createCollection("pushed",
                    NamespaceKind.COLLABORATIVE, sender.user(), Instant.EPOCH)).orElseThrow();
            NewSignal signal = new NewSignal(collection.id(), sender.user(), "codex", sender.session().id(),
                    sender.user(), null, List.of(MemoryId.of(1)), Instant.EPOCH, Instant.EPOCH.plusSeconds(60));

            assertThatThrownBy(() -> sending.write(tx -> {
                tx.signals().insert(signal);
                throw new IllegalStateException("rolled back");
            })).hasMessage("rolled back");
            sending.write(tx -> tx.signals().insert(signal));

            assertThat(pushes.tryAcquire(10, TimeUnit.SECONDS)).as("pushed on commit").isTrue();
            registration.close();
            sending.write(tx -> tx.signals().insert(signal));
            assertThat(pushes.availablePermits()).as("the rolled-back insert announced nothing").isZero();
        }
    }

    @Test
    void aUrlThatIsNotPostgresIsAnArgumentErrorThatHidesItsPassword() {
        ColonyException error = catchThrowableOfType(ColonyException.class,
                () -> PostgresStorageProvider.open("jdbc:mysql://db/colony?user=a&password=hunter2"));

        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo("jdbc_url");
        assertThat(error.getMessage()).doesNotContain("hunter2").contains("password=***");
    }

    @Test
    void redactionRemovesPasswordsAndKeepsTheRest() {
        assertThat(PostgresUrls.redact("jdbc:postgresql://db:5432/colony?user=agent&password=s3cr3t&ssl=true"))
                .isEqualTo("jdbc:postgresql://db:5432/colony?user=agent&password=***&ssl=true");
        assertThat(PostgresUrls.redact("jdbc:postgresql://db/colony?sslpassword=k&PASSWORD=p"))
                .isEqualTo("jdbc:postgresql://db/colony?sslpassword=***&PASSWORD=***");
        assertThat(PostgresUrls.redact("jdbc:postgresql://agent:s3cr3t@db/colony"))
                .isEqualTo("jdbc:postgresql://agent:***@db/colony");
        assertThat(PostgresUrls.redact("jdbc:postgresql://db/colony")).isEqualTo("jdbc:postgresql://db/colony");
    }

    @Test
    void anUnreachableServerIsAStorageFailureWithoutThePassword() {
        ColonyException error = catchThrowableOfType(ColonyException.class, () -> PostgresStorageProvider.open(
                "jdbc:postgresql://127.0.0.1:1/colony?connectTimeout=1",
                PostgresOptions.defaults().withCredentials("agent", "hunter2")));

        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
        assertThat(error.getMessage()).doesNotContain("hunter2");
    }

    @Test
    void credentialsFromOptionsAreUsed() throws Exception {
        String url = PostgresTestServer.databaseFor(dir);
        try (Connection admin = DriverManager.getConnection(url); Statement statement = admin.createStatement()) {
            statement.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'colony_agent') "
                    + "THEN CREATE ROLE colony_agent LOGIN PASSWORD 'agent-pw'; END IF; END $$");
            statement.execute("GRANT ALL ON SCHEMA public TO colony_agent");
        }
        String withoutUser = url.substring(0, url.indexOf('?'));
        try (PostgresStorageProvider store = PostgresStorageProvider.open(withoutUser,
                PostgresOptions.defaults().withCredentials("colony_agent", "agent-pw"))) {
            assertThat(store.storeId()).isNotBlank();
            assertThat(currentUser(store)).isEqualTo("colony_agent");
            assertThat(store.toString()).doesNotContain("agent-pw");
        }
    }

    private static String currentUser(PostgresStorageProvider store) throws Exception {
        try (Connection connection = store.baselineDataSource().getConnection();
                ResultSet rows = connection.createStatement().executeQuery("SELECT current_user")) {
            rows.next();
            return rows.getString(1);
        }
    }

    @Test
    void openingAnExistingStoreNeverCreatesOne() throws Exception {
        String url = PostgresTestServer.databaseFor(dir);
        assertThatThrownBy(() -> PostgresStorageProvider.openExisting(url, PostgresOptions.defaults()))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND))
                .hasMessageContaining("no Colony store");
        try (Connection admin = DriverManager.getConnection(url);
                ResultSet tables = admin.createStatement().executeQuery(
                        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
            tables.next();
            assertThat(tables.getInt(1)).as("tables created by a read-only open").isZero();
        }

        String created;
        try (PostgresStorageProvider store = PostgresStorageProvider.open(url)) {
            created = store.storeId();
        }
        try (PostgresStorageProvider store = PostgresStorageProvider.openExisting(url, PostgresOptions.defaults())) {
            assertThat(store.storeId()).isEqualTo(created);
        }
    }

    @Test
    void aCurrentSchemaIsRecognisedWithoutFlyway() throws Exception {
        String url = PostgresTestServer.databaseFor(dir);
        try (PostgresStorageProvider first = PostgresStorageProvider.open(url)) {
            assertThat(first.storeId()).isNotBlank();
        }
        try (Connection admin = DriverManager.getConnection(url);
                ResultSet rows = admin.createStatement().executeQuery(
                        "SELECT MAX(CAST(\"version\" AS INTEGER)) FROM \"colony_schema_history\" WHERE \"success\"")) {
            rows.next();
            assertThat(rows.getInt(1)).isEqualTo(JdbcStorageProvider.SCHEMA_VERSION);
        }
    }

    @Test
    void aCommitCutOffByALostConnectionIsReportedNotRetried() throws Exception {
        String url = PostgresTestServer.databaseFor(dir);
        try (PostgresStorageProvider store = PostgresStorageProvider.open(url)) {
            Fixtures.Writer writer = Fixtures.writer(store);
            AtomicInteger runs = new AtomicInteger();
            ColonyException error = catchThrowableOfType(ColonyException.class, () -> store.write(tx -> {
                runs.incrementAndGet();
                Memory memory = tx.memories().insert(Fixtures.memory(writer, "commit cut off"));
                // The server ends this very connection after the insert and before the commit.
                try {
                    terminateStoreConnections(url);
                } catch (Exception e) {
                    throw new IllegalStateException("cannot end the store's connections", e);
                }
                return memory;
            }));

            assertThat(error).isNotNull();
            assertThat(error.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
            assertThat(error.getMessage()).contains("unknown");
            assertThat(runs).as("the unit was not run again").hasValue(1);
            long stored = store.read(tx -> tx.memoryFeed().latestRev());
            assertThat(stored).as("this commit never reached the server").isZero();
        }
    }

    /** Ends every connection of the store to {@code url}'s database and waits until they are gone. */
    private static int terminateStoreConnections(String url) throws Exception {
        try (Connection admin = DriverManager.getConnection(url)) {
            int killed;
            try (PreparedStatement kill = admin.prepareStatement("SELECT COUNT(pg_terminate_backend(pid)) "
                    + "FROM pg_stat_activity WHERE datname = current_database() AND application_name = ? "
                    + "AND pid <> pg_backend_pid()")) {
                kill.setString(1, PostgresDialect.APPLICATION_NAME);
                try (ResultSet rows = kill.executeQuery()) {
                    rows.next();
                    killed = rows.getInt(1);
                }
            }
            try (PreparedStatement left = admin.prepareStatement("SELECT COUNT(*) FROM pg_stat_activity "
                    + "WHERE datname = current_database() AND application_name = ? AND pid <> pg_backend_pid()")) {
                left.setString(1, PostgresDialect.APPLICATION_NAME);
                for (int i = 0; i < 500; i++) {
                    try (ResultSet rows = left.executeQuery()) {
                        rows.next();
                        if (rows.getInt(1) == 0) {
                            break;
                        }
                    }
                    Thread.sleep(10);
                }
            }
            return killed;
        }
    }

    @Test
    void aLostConnectionIsReplacedAndTheUnitRetried() throws Exception {
        String url = PostgresTestServer.databaseFor(dir);
        try (PostgresStorageProvider store = PostgresStorageProvider.open(url)) {
            Fixtures.Writer writer = Fixtures.writer(store);
            store.read(tx -> tx.memoryFeed().latestRev());
            int killed = terminateStoreConnections(url);
            assertThat(killed).as("the store's connections that were terminated").isGreaterThanOrEqualTo(2);

            Memory written = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "after the outage")));
            Optional<Memory> found = store.read(tx -> tx.memories().find(written.id()));
            assertThat(found).contains(written);
        }
    }
}
