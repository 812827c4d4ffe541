package dev.colony.mcp;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens the embedded default Colony: a SQLite database file with a Lucene index beside it. This is
 * what the MCP server and the command line run on, so that every agent process of a machine shares one
 * store.
 */
public final class EmbeddedColony {

    private EmbeddedColony() {
    }

    /**
     * Opens (creating when missing, migrating when old) the Colony stored in {@code database}. The
     * caller owns the result and must close it.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the directory or database cannot be opened
     */
    public static Colony open(Path database) {
        Path directory = database.toAbsolutePath().getParent();
        if (directory != null) {
            try {
                Files.createDirectories(directory);
            } catch (IOException e) {
                throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                        "db: cannot create the directory " + directory + ": " + e.getMessage(), e);
            }
        }
        StorageProvider storage = SqliteStorageProvider.open(database);
        return Colony.builder().storage(storage).search(LuceneSearch.besideStore()).build();
    }
}
