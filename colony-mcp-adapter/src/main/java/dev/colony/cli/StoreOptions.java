package dev.colony.cli;

import picocli.CommandLine.Option;

/**
 * The options that choose the store and the user: shared by every command. Each falls back to its
 * {@code COLONY_*} environment variable, then to the default (see {@link dev.colony.mcp.LaunchSettings}).
 */
public final class StoreOptions {

    @Option(names = "--db", paramLabel = "PATH",
            description = "SQLite database file (default: $COLONY_DB, else $COLONY_HOME/colony.db, "
                    + "else ~/.colony/colony.db).")
    String db;

    @Option(names = "--user", paramLabel = "NAME",
            description = "User to act for (default: $COLONY_USER, else the operating-system user).")
    String user;

    /** The value of {@code --db}, or {@code null}. */
    String db() {
        return db;
    }

    /** The value of {@code --user}, or {@code null}. */
    String user() {
        return user;
    }
}
