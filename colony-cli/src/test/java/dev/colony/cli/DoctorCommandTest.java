package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony doctor} on a real SQLite store and its index, run in-process through the command line. */
class DoctorCommandTest {

    @TempDir
    Path dir;

    private Path db;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            MemoryStore memories = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor())
                    .memories();
            for (int i = 0; i < 50; i++) {
                memories.add(MemoryDraft.of(MemoryKind.FACT, "Service " + i + " deploys from the release-" + i
                        + " branch every " + (i % 7 + 1) + " days"));
            }
        }
    }

    @Test
    void aSoundStoreIsHealthy() {
        CliRun run = CliRun.of(dir, db, "doctor");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("Store " + db + ": 50 memories").contains("Pages, foreign keys and schema: ok.")
                .contains("Search index " + dir.resolve("colony.index")).endsWith("Healthy.\n");
    }

    @Test
    void aDamagedPageIsReportedWithANonZeroExit() throws Exception {
        damageMemoriesTable(db);

        CliRun run = CliRun.of(dir, db, "doctor");

        assertThat(run.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(run.out()).contains("Pages, foreign keys and schema: damaged.").contains("Problems:")
                .contains("Not healthy.");
    }

    @Test
    void anEmptiedStoreIsReportedWithANonZeroExit() throws IOException {
        Files.write(db, new byte[0]);

        CliRun run = CliRun.of(dir, db, "doctor");

        assertThat(run.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(run.out()).contains(db.toString()).contains("the file is empty")
                .contains("a Colony store was kept there").contains("restore the file from a backup")
                .doesNotContain("created on first use");
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
        byte[] garbage = new byte[pageSize];
        new Random(7).nextBytes(garbage);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(garbage), (long) (rootPage - 1) * pageSize);
        }
    }
}
