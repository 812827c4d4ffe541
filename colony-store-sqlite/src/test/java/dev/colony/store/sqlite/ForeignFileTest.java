package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that is not a Colony store is refused before anything in it, or beside it, changes. */
class ForeignFileTest {

    @TempDir
    Path dir;

    @Test
    void anotherApplicationsDatabaseIsRefusedUnchanged() throws Exception {
        Path file = dir.resolve("app.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
            statement.execute("INSERT INTO invoices (total) VALUES (12.5)");
        }
        byte[] before = Files.readAllBytes(file);

        assertRefused(file, "another application (tables: invoices)");

        assertThat(Files.readAllBytes(file)).as("file content").isEqualTo(before);
        assertThat(journalMode(file)).isEqualTo("delete");
        assertThat(siblings(file)).as("files beside the refused one").containsExactly("app.db");
    }

    @Test
    void aFileThatIsNotSqliteIsRefusedUnchanged() throws IOException {
        Path file = dir.resolve("notes.db");
        Files.writeString(file, "just some text, not a database\n", StandardCharsets.UTF_8);
        byte[] before = Files.readAllBytes(file);

        assertRefused(file, "not a SQLite database");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(siblings(file)).containsExactly("notes.db");
    }

    @Test
    void anEmptyFileAndAColonyStoreOpen() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.db"));
        SqliteStorageProvider.open(empty).close();
        SqliteStorageProvider.open(empty).close();
    }

    private static void assertRefused(Path file, String why) {
        assertThatThrownBy(() -> SqliteStorageProvider.open(file))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                    assertThat(e.getMessage()).contains(why).contains("left unchanged");
                });
    }

    private static String journalMode(Path file) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("PRAGMA journal_mode")) {
            rows.next();
            return rows.getString(1);
        }
    }

    private String[] siblings(Path file) {
        String[] names = file.getParent().toFile().list();
        Arrays.sort(names);
        return names;
    }
}
