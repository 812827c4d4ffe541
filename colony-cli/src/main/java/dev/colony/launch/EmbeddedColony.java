package dev.colony.launch;

import dev.colony.api.ColonyException;
import dev.colony.api.run.RunSettings;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneIndexFactory;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresOptions;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Opens the Colony the MCP server and the command line run on: by default a SQLite database file with
 * a Lucene index beside it, so that every agent process of a machine shares one store; or, for agents
 * on several machines, a PostgreSQL database with the index as a per-machine cache under Colony's home
 * directory. The embedder the settings name ranks searches by meaning too; it loads on first use, or at
 * once in the background for a process that will search as soon as it is up.
 */
public final class EmbeddedColony {

    private EmbeddedColony() {
    }

    /**
     * Opens the store {@code settings} name: the PostgreSQL database of {@link LaunchSettings#jdbcUrl()}
     * when there is one, else the SQLite file {@link LaunchSettings#database()}. The caller owns the
     * result and must close it. A command declares no delegation policy (only a server does).
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the store cannot be opened
     */
    public static Colony open(LaunchSettings settings) {
        return open(settings, ModelLoad.FIRST_USE, commandRuns(settings));
    }

    /**
     * Opens the store for the MCP server, like {@link #open(LaunchSettings)} but declaring the delegation policy
     * of {@code COLONY_MEMBERS} to the store; with {@code warmUpEmbedder}, the embedder starts loading its
     * model at once, in the background, while the store and the index open (see
     * {@link Colony.Builder#warmUpEmbedder}): for a process that answers searches as soon as it is up.
     *
     * @throws ColonyException {@code POLICY_CONFLICT} when the store keeps another delegation policy
     */
    public static Colony open(LaunchSettings settings, boolean warmUpEmbedder) {
        return open(settings, warmUpEmbedder ? ModelLoad.BACKGROUND : ModelLoad.FIRST_USE, settings.runs());
    }

    /**
     * Opens the store for the MCP server, like {@link #open(LaunchSettings, boolean)} with the model loading in
     * the background; searches asked before it has loaded rank by words instead of waiting for it (see
     * {@link Colony.Builder#keywordWhileEmbedderLoads}). A search index further behind the store than
     * {@link LuceneSearch#SERVING_OPEN_CATCH_UP} (a rebuild, a first open on a store written elsewhere) catches up
     * in the background too, so that every tool answers at once; searches meanwhile see what it has indexed and
     * say so.
     *
     * @throws ColonyException as {@link #open(LaunchSettings, boolean)}
     */
    public static Colony openServing(LaunchSettings settings) {
        return open(settings, ModelLoad.SERVING, settings.runs());
    }

    /** When the embedder's model loads, and what a search does meanwhile. */
    private enum ModelLoad {
        /** On the first embedding. */
        FIRST_USE,
        /** At once, in the background; a search waits for it. */
        BACKGROUND,
        /**
         * At once, in the background; a search meanwhile ranks by words. The serving process's mode: its search
         * index also leaves a long catch-up to the background.
         */
        SERVING
    }

    private static Colony open(LaunchSettings settings, ModelLoad load, RunSettings runs) {
        if (settings.onServer()) {
            return openServer(settings.jdbcUrl(), settings.login(), settings.home(), false, settings.embedder(),
                    load, runs);
        }
        StoreFiles.prepareToCreate(settings.database());
        return build(SqliteStorageProvider.open(settings.database()), LuceneSearch.besideStore(), settings.embedder(),
                load, runs);
    }

    /** The run settings of a command (not the server): they declare no delegation policy. */
    private static RunSettings commandRuns(LaunchSettings settings) {
        return settings.runs().withMembers(null);
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
        return openServer(jdbcUrl, login, home, false, Optional.empty(), ModelLoad.FIRST_USE, RunSettings.defaults());
    }

    private static Colony openServer(String jdbcUrl, LaunchSettings.DatabaseLogin login, Path home,
            boolean existingOnly, Optional<Embedder> embedder, ModelLoad load, RunSettings runs) {
        PostgresOptions options = PostgresOptions.defaults().withCredentials(login.user(), login.password());
        StorageProvider storage = existingOnly ? PostgresStorageProvider.openExisting(jdbcUrl, options)
                : PostgresStorageProvider.open(jdbcUrl, options);
        return build(storage, LuceneSearch.cachedUnder(home), embedder, load, runs);
    }

    /**
     * A Colony on {@code storage} with {@code search} and {@code embedder}, warmed up or not; closes the
     * store on failure.
     */
    private static Colony build(StorageProvider storage, LuceneIndexFactory search, Optional<Embedder> embedder,
            ModelLoad load, RunSettings runs) {
        try {
            Colony.Builder builder = Colony.builder().storage(storage).search(load == ModelLoad.SERVING
                            ? search.withOpenCatchUpLimit(LuceneSearch.SERVING_OPEN_CATCH_UP) : search)
                    .warmUpEmbedder(load != ModelLoad.FIRST_USE)
                    .keywordWhileEmbedderLoads(load == ModelLoad.SERVING).runs(runs);
            embedder.ifPresent(builder::embedder);
            return builder.build();
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
        return openExisting(settings, false);
    }

    /**
     * Like {@link #openExisting(LaunchSettings)}; with {@code warmUpEmbedder}, the embedder starts loading
     * its model at once, as {@link #open(LaunchSettings, boolean)} does.
     */
    public static Colony openExisting(LaunchSettings settings, boolean warmUpEmbedder) {
        if (settings.onServer()) {
            return openServer(settings.jdbcUrl(), settings.login(), settings.home(), true, settings.embedder(),
                    warmUpEmbedder ? ModelLoad.BACKGROUND : ModelLoad.FIRST_USE, commandRuns(settings));
        }
        StoreFiles.requireExisting(settings.database());
        return build(SqliteStorageProvider.open(settings.database()), LuceneSearch.besideStore(), settings.embedder(),
                warmUpEmbedder ? ModelLoad.BACKGROUND : ModelLoad.FIRST_USE, commandRuns(settings));
    }

    /**
     * Opens (creating when missing, migrating when old) the Colony stored in {@code database}, searched
     * by keyword only (no embedder). The caller owns the result and must close it.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the directory or database cannot be opened,
     *     with the path and the operating system's reason
     */
    public static Colony open(Path database) {
        StoreFiles.prepareToCreate(database);
        return build(SqliteStorageProvider.open(database), LuceneSearch.besideStore(), Optional.empty(),
                ModelLoad.FIRST_USE, RunSettings.defaults());
    }

    /**
     * Opens the Colony stored in an existing {@code database} file and never creates one, searched by
     * keyword only (no embedder): a mistyped path is an error rather than a new, empty store.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the path when there is no such file or directory;
     *     {@code STORAGE_FAILURE} when it cannot be read or opened
     */
    public static Colony openExisting(Path database) {
        StoreFiles.requireExisting(database);
        return build(SqliteStorageProvider.open(database), LuceneSearch.besideStore(), Optional.empty(),
                ModelLoad.FIRST_USE, RunSettings.defaults());
    }
}
