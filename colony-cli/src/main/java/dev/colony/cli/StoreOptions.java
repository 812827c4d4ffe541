package dev.colony.cli;

import dev.colony.launch.LaunchSettings;
import picocli.CommandLine.Option;

/**
 * The options that choose the store and the user: shared by every command. Each falls back to its
 * {@code COLONY_*} environment variable, then to the default (see {@link dev.colony.launch.LaunchSettings}).
 */
public final class StoreOptions {

    /** The option naming the database. */
    static final String DB = "--db";

    /** The option naming a PostgreSQL store. */
    static final String JDBC_URL = "--jdbc-url";

    /** The option naming the user. */
    static final String USER = "--user";

    @Option(names = DB, paramLabel = "PATH|URL",
            description = "SQLite database file, or a jdbc:postgresql:// URL of a store shared by several "
                    + "machines (default: $COLONY_JDBC_URL, else $COLONY_DB, else $COLONY_HOME/colony.db, "
                    + "else ~/.colony/colony.db).")
    String db;

    @Option(names = JDBC_URL, paramLabel = "URL",
            description = "JDBC URL of a PostgreSQL store, e.g. jdbc:postgresql://db.example:5432/colony "
                    + "(default: $COLONY_JDBC_URL). Database user and password come from $COLONY_DB_USER and "
                    + "$COLONY_DB_PASSWORD; the search index is cached under $COLONY_HOME/index/.")
    String jdbcUrl;

    @Option(names = USER, paramLabel = "NAME",
            description = "User to act for (default: $COLONY_USER, else the operating-system user).")
    String user;

    /** Options with the given values (either may be {@code null}), for commands that declare their own. */
    static StoreOptions of(String db, String user) {
        StoreOptions options = new StoreOptions();
        options.db = db;
        options.user = user;
        return options;
    }

    /** The value of {@code --db}, or {@code null}. */
    String db() {
        return db;
    }

    /** The value of {@code --jdbc-url}, or {@code null}. */
    String jdbcUrl() {
        return jdbcUrl;
    }

    /** The value of {@code --user}, or {@code null}. */
    String user() {
        return user;
    }
}
