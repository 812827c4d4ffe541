package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.launch.StoreFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A throwaway directory for a store that must not touch the user's real one: the demo's and the
 * class-data training run's. Deleting it removes the database, its side files and the index beside it.
 */
final class TemporaryDirectory {

    private TemporaryDirectory() {
    }

    /**
     * A new empty directory in the system's temporary directory.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when it cannot be created
     */
    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: cannot create a temporary directory in "
                    + System.getProperty("java.io.tmpdir") + ": " + StoreFiles.reason(e), e);
        }
    }

    /** Deletes {@code directory} and everything in it. */
    static void delete(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
