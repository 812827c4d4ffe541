package dev.colony.bench;

import dev.colony.store.postgres.PostgresOptions;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.postgres.PostgresUrls;
import java.util.UUID;

/**
 * Where the PostgreSQL scenarios run: the server of {@code --pg-url} (credentials from
 * {@code COLONY_DB_USER} / {@code COLONY_DB_PASSWORD}), or else a fresh database on an embedded
 * PostgreSQL 14 that the bench starts itself (fsync and synchronous commit off: a throwaway server).
 */
final class PostgresBench {

    private PostgresBench() {
    }

    /** The JDBC URL of the database a scenario writes to. */
    static String database(BenchOptions options) {
        if (options.pgUrl() != null) {
            return options.pgUrl();
        }
        return PostgresTestServer.database("colony_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    }

    /** The store options: credentials from the environment, the given write gate. */
    static PostgresOptions options() {
        return PostgresOptions.defaults().withCredentials(blankToNull(System.getenv("COLONY_DB_USER")),
                blankToNull(System.getenv("COLONY_DB_PASSWORD")));
    }

    /** Which server was measured, for the note (no password). */
    static String describe(BenchOptions options, String url) {
        return options.pgUrl() != null
                ? "PostgreSQL at " + PostgresUrls.redact(url)
                : "embedded PostgreSQL 14 started by the bench (fsync=off, synchronous_commit=off)";
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
