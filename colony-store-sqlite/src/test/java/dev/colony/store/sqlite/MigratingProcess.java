package dev.colony.store.sqlite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process of {@link ConcurrentMigrationTest}: announces that it runs (marker file), waits for a line
 * on standard input, opens (and so migrates) the SQLite store, and writes the store id it got to a file.
 * Arguments: database file, marker file, result file.
 */
public final class MigratingProcess {

    private MigratingProcess() {
    }

    /**
     * Runs the process.
     *
     * @param args database file, marker file, result file
     * @throws IOException when the files cannot be written or standard input closes early
     */
    public static void main(String[] args) throws IOException {
        Files.createFile(Path.of(args[1]));
        if (System.in.read() == -1) {
            throw new IOException("standard input closed before the start signal");
        }
        try (SqliteStorageProvider store = SqliteStorageProvider.open(Path.of(args[0]))) {
            Files.writeString(Path.of(args[2]), store.storeId(), StandardCharsets.UTF_8);
        }
    }
}
