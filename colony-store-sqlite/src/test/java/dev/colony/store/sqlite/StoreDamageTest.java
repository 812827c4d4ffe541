package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.tck.Fixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store file that was emptied or damaged is refused rather than opened as if nothing happened; the quick
 * check at open runs only after a process ended with the store open, never because another one still has
 * it open.
 */
class StoreDamageTest {

    @TempDir
    Path dir;

    @Test
    void anEmptiedStoreIsRefusedAndLeftAsItIs() throws IOException {
        Path file = dir.resolve("colony.db");
        try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
            Fixtures.Writer writer = Fixtures.writer(store);
            store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "soon lost")));
        }
        Files.write(file, new byte[0]);

        assertThatThrownBy(() -> SqliteStorageProvider.open(file))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                    assertThat(e.getMessage()).contains(file.toString()).contains("the file is empty")
                            .contains("restore the file from a backup").contains("colony import")
                            .contains("to start an empty store there, delete");
                });
        assertThat(Files.size(file)).isZero();
    }

    @Test
    void aDamagedPageIsRefusedAtOpenAfterAProcessEndedWithTheStoreOpen() throws Exception {
        Path file = dir.resolve("colony.db");
        filledStore(file);
        killAfterOpen(file);
        damageMemoriesTable(file);

        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> SqliteStorageProvider.open(file)).as("attempt %d", attempt)
                    .isInstanceOfSatisfying(ColonyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                        assertThat(e.getMessage()).contains(file.toString()).contains("quick check")
                                .contains("colony doctor");
                    });
        }
        SqliteHealth health = SqliteHealth.examine(file);
        assertThat(health.healthy()).isFalse();
        assertThat(health.problems()).isNotEmpty();
    }

    @Test
    void aDamagedPageAfterACleanCloseIsLeftToTheFullCheck() throws Exception {
        Path file = dir.resolve("colony.db");
        filledStore(file);
        damageMemoriesTable(file);

        try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
            assertThat(store.checkedAfterUncleanClose()).isFalse();
        }
        assertThat(SqliteHealth.examine(file).healthy()).isFalse();
    }

    @Test
    void onlyAProcessThatEndedWithTheStoreOpenTriggersTheCheck() throws Exception {
        Path file = dir.resolve("colony.db");
        filledStore(file);

        Process other = startHolding(file);
        try {
            try (SqliteStorageProvider first = SqliteStorageProvider.open(file);
                    SqliteStorageProvider second = SqliteStorageProvider.open(file)) {
                assertThat(first.checkedAfterUncleanClose()).as("another process has it open").isFalse();
                assertThat(second.checkedAfterUncleanClose()).as("this process has it open").isFalse();
            }
        } finally {
            kill(other);
        }
        try (SqliteStorageProvider afterKill = SqliteStorageProvider.open(file)) {
            assertThat(afterKill.checkedAfterUncleanClose()).isTrue();
        }
        try (SqliteStorageProvider afterCleanClose = SqliteStorageProvider.open(file)) {
            assertThat(afterCleanClose.checkedAfterUncleanClose()).isFalse();
        }
        assertThat(OpenMarkers.directory(file)).isEmptyDirectory();
    }

    @Test
    void aSoundStorePassesTheFullCheck() throws IOException {
        Path file = dir.resolve("colony.db");
        filledStore(file);

        SqliteHealth health = SqliteHealth.examine(file);

        assertThat(health.problems()).isEmpty();
        assertThat(health.memories()).isEqualTo(300);
        assertThat(health.latestRev()).isPositive();
        assertThat(health.schemaVersion()).isEqualTo(dev.colony.store.jdbc.JdbcStorageProvider.SCHEMA_VERSION);
        assertThat(health.storeId()).isNotBlank();
    }

    @Test
    void aFileAFirstStartLeftBeforeTheSchemaHoldsNoStoreYetAndTheNextOpenMakesIt() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.db"));
        Path noTables = dir.resolve("colony.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + noTables);
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=WAL");
        }
        assertThat(Files.size(noTables)).as("a database header, no tables").isPositive();

        for (Path file : List.of(empty, noTables)) {
            SqliteHealth health = SqliteHealth.examine(file);
            assertThat(health.problems()).as(file.toString()).isEmpty();
            assertThat(health.noStoreYet()).as(file.toString()).isTrue();
            try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
                Fixtures.Writer writer = Fixtures.writer(store);
                store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "the first memory")));
            }
            SqliteHealth opened = SqliteHealth.examine(file);
            assertThat(opened.noStoreYet()).isFalse();
            assertThat(opened.memories()).isEqualTo(1);
            assertThat(opened.schemaVersion()).isEqualTo(dev.colony.store.jdbc.JdbcStorageProvider.SCHEMA_VERSION);
        }
    }

    @Test
    void aFileWithoutTablesWhereAStoreWasKeptIsStillAProblem() throws Exception {
        Path file = dir.resolve("colony.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=WAL");
        }
        Files.createDirectories(OpenMarkers.directory(file));

        SqliteHealth health = SqliteHealth.examine(file);

        assertThat(health.noStoreYet()).isFalse();
        assertThat(health.healthy()).isFalse();
    }

    /** A closed store of 300 memories, enough for the memories table to span many pages. */
    private static void filledStore(Path file) {
        try (SqliteStorageProvider store = SqliteStorageProvider.open(file)) {
            Fixtures.Writer writer = Fixtures.writer(store);
            for (int i = 0; i < 300; i++) {
                String content = "memory " + i + " about the deploy of service " + (i * 7919 % 1000);
                store.write(tx -> tx.memories().insert(Fixtures.memory(writer, content)));
            }
        }
    }

    /** Overwrites the root page of the memories table with garbage, as a failing disk or a stray write would. */
    private static void damageMemoriesTable(Path file) throws SQLException, IOException {
        int pageSize;
        int rootPage;
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("PRAGMA page_size")) {
                rows.next();
                pageSize = rows.getInt(1);
            }
            try (ResultSet rows = statement.executeQuery(
                    "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'memories'")) {
                rows.next();
                rootPage = rows.getInt(1);
            }
        }
        assertThat(rootPage).isGreaterThan(1);
        byte[] garbage = new byte[pageSize];
        new Random(42).nextBytes(garbage);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(garbage), (long) (rootPage - 1) * pageSize);
        }
    }

    private void killAfterOpen(Path file) throws Exception {
        kill(startHolding(file));
    }

    /** Another JVM that opens the store at {@code file} and keeps it open until killed. */
    private Process startHolding(Path file) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = Files.createTempFile(dir, "holder", ".log");
        Process process = new ProcessBuilder(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), KilledProcess.class.getName(), file.toString()))
                .redirectError(log.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("the other process opened the store; its log: %s", Files.readString(log)).startsWith("open ");
        return process;
    }

    private static void kill(Process process) throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
    }
}
