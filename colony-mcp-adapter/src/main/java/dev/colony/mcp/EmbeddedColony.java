package dev.colony.mcp;

import dev.colony.api.ColonyException;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresOptions;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;

/**
 * Opens the Colony the MCP server and the command line run on: by default a SQLite database file with
 * a Lucene index beside it, so that every agent process of a machine shares one store; or, for agents
 * on several machines, a PostgreSQL database with the index as a per-machine cache under Colony's home
 * directory.
 */
public final class EmbeddedColony {

    private EmbeddedColony() {
    }

    /**
     * Opens the store {@code settings} name: the PostgreSQL database of {@link LaunchSettings#jdbcUrl()}
     * when there is one, else the SQLite file {@link LaunchSettings#database()}. The caller owns the
     * result and must close it.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the store cannot be opened
     */
    public static Colony open(LaunchSettings settings) {
        if (settings.onServer()) {
            return openServer(settings.jdbcUrl(), settings.login(), settings.home());
        }
        return open(settings.database());
    }

    /**
     * Opens (creating the schema when the database is empty, migrating it when old) the Colony stored
     * in the PostgreSQL database at {@code jdbcUrl}, logging in as {@code login} (or as the URL says),
     * with its search index cached under {@code home}/index/&lt;store id&gt;. The caller owns the
     * result and must close it.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} for a URL that is not PostgreSQL's,
     *     {@code STORAGE_FAILURE} when the server cannot be reached or refuses the login
     */
    public static Colony openServer(String jdbcUrl, LaunchSettings.DatabaseLogin login, Path home) {
        return openServer(jdbcUrl, login, home, false);
    }

    private static Colony openServer(String jdbcUrl, LaunchSettings.DatabaseLogin login, Path home,
            boolean existingOnly) {
        PostgresOptions options = PostgresOptions.defaults().withCredentials(login.user(), login.password());
        StorageProvider storage = existingOnly ? PostgresStorageProvider.openExisting(jdbcUrl, options)
                : PostgresStorageProvider.open(jdbcUrl, options);
        try {
            return Colony.builder().storage(storage).search(LuceneSearch.cachedUnder(home)).build();
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
    }

    /**
     * Opens the store {@code settings} name like {@link #open(LaunchSettings)}, but without a search
     * index: for short-lived processes that only write coordination rows and never search (the Claude
     * Code hooks). What they write reaches the index through the change feed when a process that has
     * one next catches up.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the store cannot be opened
     */
    public static Colony openWithoutSearch(LaunchSettings settings) {
        StorageProvider storage;
        if (settings.onServer()) {
            PostgresOptions options = PostgresOptions.defaults().withCredentials(settings.login().user(),
                    settings.login().password());
            storage = PostgresStorageProvider.open(settings.jdbcUrl(), options);
        } else {
            StoreFiles.prepareToCreate(settings.database());
            storage = SqliteStorageProvider.open(settings.database());
        }
        try {
            return Colony.builder().storage(storage).build();
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
    }

    /**
     * Opens the store {@code settings} name for a command that only reads: like
     * {@link #open(LaunchSettings)}, except that the store must already exist: a SQLite file (see
     * {@link #openExisting(Path)}), or a PostgreSQL database that holds Colony's schema.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the path or database when there is no such
     *     store, {@code STORAGE_FAILURE} when the store cannot be read or opened
     */
    public static Colony openExisting(LaunchSettings settings) {
        if (settings.onServer()) {
            return openServer(settings.jdbcUrl(), settings.login(), settings.home(), true);
        }
        return openExisting(settings.database());
    }

    /**
     * Opens (creating when missing, migrating when old) the Colony stored in {@code database}: what the
     * MCP server and {@code colony demo} run on. The caller owns the result and must close it.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the directory or database cannot be opened,
     *     with the path and the operating system's reason
     */
    public static Colony open(Path database) {
        StoreFiles.prepareToCreate(database);
        StorageProvider storage = SqliteStorageProvider.open(database);
        return Colony.builder().storage(storage).search(LuceneSearch.besideStore()).build();
    }

    /**
     * Opens the Colony stored in an existing {@code database} file and never creates one: what
     * read-only commands run on, so that a mistyped path is an error rather than a new, empty store.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the path when there is no such file or directory;
     *     {@code STORAGE_FAILURE} when it cannot be read or opened
     */
    public static Colony openExisting(Path database) {
        StoreFiles.requireExisting(database);
        StorageProvider storage = SqliteStorageProvider.open(database);
        return Colony.builder().storage(storage).search(LuceneSearch.besideStore()).build();
    }
}
