package dev.colony.store.postgres;

import dev.colony.api.ColonyException;
import dev.colony.store.jdbc.JdbcStorageProvider;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Colony on a PostgreSQL server: one store shared by agents on many machines.
 *
 * <p>Every process (an MCP server per agent, a CLI, an embedding application), wherever it runs, opens
 * the same database by its JDBC URL. The schema is the one the other SQL stores use, created and
 * migrated by the first process that finds the database empty. Write transactions are serialized by
 * a {@link WriteGate}, so change-feed revs become visible in increasing order on every machine; read
 * transactions run on their own connections with snapshot isolation. Lock timeouts, deadlocks,
 * serialization failures and lost connections are retried with backoff (a write whose commit was
 * sent on a connection that then broke is not retried: whether it applied is unknown, and it fails).
 * Capabilities: persistent, multi-process, stores vectors.
 *
 * <p>Nothing on the local disk belongs to the store: a search index over it is a per-machine cache
 * (see {@code colony-search-lucene}), keyed by {@link #storeId()}.
 */
public final class PostgresStorageProvider extends JdbcStorageProvider {

    private final PostgresDialect postgres;

    private PostgresStorageProvider(PostgresDialect dialect, boolean existingOnly) {
        super(dialect, existingOnly);
        this.postgres = dialect;
    }

    /**
     * Opens the database at {@code jdbcUrl} (credentials, if any, in the URL or the driver's own
     * defaults) and brings its schema up to date.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} on field {@code jdbc_url} when it is not a
     *     PostgreSQL JDBC URL; {@code STORAGE_FAILURE} when the server cannot be reached or the schema
     *     cannot be migrated
     */
    public static PostgresStorageProvider open(String jdbcUrl) {
        return open(jdbcUrl, PostgresOptions.defaults());
    }

    /**
     * Opens the database at {@code jdbcUrl} with {@code options}; see {@link #open(String)}.
     *
     * @throws ColonyException as {@link #open(String)}
     */
    public static PostgresStorageProvider open(String jdbcUrl, PostgresOptions options) {
        return new PostgresStorageProvider(dialect(jdbcUrl, options), false);
    }

    /**
     * Opens the Colony store in the database at {@code jdbcUrl} and never creates one: for commands
     * that only read, so that a wrong URL is an error rather than a new, empty store. An older schema
     * is still migrated.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the database (without passwords) when it holds no
     *     Colony store; otherwise as {@link #open(String)}
     */
    public static PostgresStorageProvider openExisting(String jdbcUrl, PostgresOptions options) {
        return new PostgresStorageProvider(dialect(jdbcUrl, options), true);
    }

    private static PostgresDialect dialect(String jdbcUrl, PostgresOptions options) {
        Objects.requireNonNull(options, "options");
        String url = PostgresUrls.require(jdbcUrl);
        PostgresDialect dialect;
        try {
            dialect = new PostgresDialect(url, options);
        } catch (IllegalArgumentException e) {
            throw ColonyException.invalid("jdbc_url", "is not a URL the PostgreSQL driver accepts: '"
                    + PostgresUrls.redact(url) + "'");
        }
        return dialect;
    }

    /** The JDBC URL of the database, without passwords. */
    public String redactedUrl() {
        return postgres.redactedUrl();
    }

    /**
     * A data source for the same database and credentials as the store's connections, in auto-commit
     * mode, opening a new connection on every call. Meant for baselines and tools (the benchmark's raw
     * insert); the store's schema and write gate apply to anything written through it.
     */
    public DataSource baselineDataSource() {
        return postgres.dataSource();
    }

    @Override
    public String toString() {
        return name() + " " + redactedUrl();
    }
}
