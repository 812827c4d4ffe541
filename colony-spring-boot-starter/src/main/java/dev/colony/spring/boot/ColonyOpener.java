package dev.colony.spring.boot;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneIndexFactory;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresOptions;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens the Colony the properties name, wired as the MCP server wires its own: a SQLite file with the Lucene index
 * beside it, or a PostgreSQL database with the index cached under the home directory; the embedding model (loaded
 * on first use) ranks searches by meaning unless it is turned off. Like the server, an application starts at once
 * on an index far behind its store ({@link LuceneSearch#SERVING_OPEN_CATCH_UP}): the index catches up in the
 * background, and {@link Colony#searchBacklog()} says how much searches cannot see yet.
 */
final class ColonyOpener {

    /** The directory inside the home directory that holds the embedding model's native libraries. */
    static final String NATIVE_DIRECTORY = "native";

    private ColonyOpener() {
    }

    /**
     * Opens (creating or migrating) the store; the caller closes the result.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} naming {@code colony.db} or the URL when the store cannot be
     *     opened
     */
    static Colony open(ColonyProperties properties) {
        StorageProvider storage;
        LuceneIndexFactory search;
        if (properties.onServer()) {
            storage = PostgresStorageProvider.open(properties.jdbcUrl(),
                    PostgresOptions.defaults().withCredentials(properties.dbUser(), properties.dbPassword()));
            search = LuceneSearch.cachedUnder(properties.homeDirectory())
                    .withOpenCatchUpLimit(LuceneSearch.SERVING_OPEN_CATCH_UP);
        } else {
            Path database = properties.databaseFile();
            prepareDirectory(database);
            storage = SqliteStorageProvider.open(database);
            search = LuceneSearch.besideStore().withOpenCatchUpLimit(LuceneSearch.SERVING_OPEN_CATCH_UP);
        }
        try {
            Colony.Builder builder = Colony.builder().storage(storage).search(search);
            properties.model().ifPresent(model -> builder.embedder(
                    OnnxEmbedder.of(model, properties.homeDirectory().resolve(NATIVE_DIRECTORY))));
            return builder.build();
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
    }

    /** Creates the database file's directory when missing; a directory in place of the file is refused. */
    private static void prepareDirectory(Path database) {
        if (Files.isDirectory(database)) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, ColonyProperties.PREFIX + ".db: " + database
                    + " is a directory; name the database file, e.g. " + database.resolve("colony.db"));
        }
        Path directory = database.getParent();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, ColonyProperties.PREFIX
                    + ".db: cannot create the directory " + directory + ": " + e.getMessage(), e);
        }
    }
}
