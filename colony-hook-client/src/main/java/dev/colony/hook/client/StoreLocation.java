package dev.colony.hook.client;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where a Colony store is, from the {@code --db} and {@code --jdbc-url} options, then the
 * {@code COLONY_*} environment, then the default {@code $COLONY_HOME/colony.db} ({@code COLONY_HOME}
 * defaulting to {@code $HOME/.colony}). One resolution for the command line, the MCP server and the hook
 * launcher, so that a hook finds the spool of the server that has the same store open.
 *
 * <p>Only the location is resolved here; whether a JDBC URL names a supported engine is checked by
 * whoever opens it.
 *
 * @param database the SQLite database file, absolute and normalised; {@code null} for a JDBC URL
 * @param jdbcUrl the JDBC URL, stripped; {@code null} for a file
 * @param source the option or environment variable the URL came from ({@code jdbc-url}, {@code db},
 *     {@code COLONY_JDBC_URL} or {@code COLONY_DB}), for error messages; {@code null} for a file
 */
public record StoreLocation(Path database, String jdbcUrl, String source) {

    /** Environment variable with the JDBC URL of a server store. */
    public static final String ENV_JDBC_URL = "COLONY_JDBC_URL";
    /** Environment variable naming the database file (or a JDBC URL). */
    public static final String ENV_DB = "COLONY_DB";
    /** Environment variable naming Colony's home directory. */
    public static final String ENV_HOME = "COLONY_HOME";
    /** The database file name inside the home directory. */
    public static final String DATABASE_FILE = "colony.db";

    /** A location that cannot be resolved: {@link #field()} names the option or variable at fault. */
    public static final class InvalidLocation extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;
        private final String field;

        InvalidLocation(String field, String message) {
            super(message);
            this.field = field;
        }

        /** The option or environment variable at fault. */
        public String field() {
            return field;
        }
    }

    /**
     * Resolves a location; an option, when not {@code null} or blank, wins over the environment.
     *
     * @param db the {@code --db} option: a file, or a JDBC URL
     * @param jdbcUrl the {@code --jdbc-url} option
     * @param env the environment
     * @param system the system properties, for {@code user.home} and {@code user.dir}
     * @throws InvalidLocation when both options are given, or a path is malformed
     */
    public static StoreLocation resolve(String db, String jdbcUrl, Map<String, String> env, Properties system) {
        boolean dbOption = present(db);
        boolean urlOption = present(jdbcUrl);
        if (dbOption && urlOption) {
            throw new InvalidLocation("jdbc-url", "give either --db or --jdbc-url, not both");
        }
        if (urlOption) {
            return url("jdbc-url", jdbcUrl);
        }
        if (dbOption) {
            return isJdbc(db) ? url("db", db) : file(path("db", db, env, system));
        }
        if (present(env.get(ENV_JDBC_URL))) {
            return url(ENV_JDBC_URL, env.get(ENV_JDBC_URL));
        }
        String fromEnv = env.get(ENV_DB);
        if (present(fromEnv)) {
            return isJdbc(fromEnv) ? url(ENV_DB, fromEnv) : file(path("db", fromEnv, env, system));
        }
        return file(home(env, system).resolve(DATABASE_FILE));
    }

    /**
     * Colony's home directory: {@code COLONY_HOME}, else {@code .colony} in the user's home directory
     * ({@link #userHome}); absolute and normalised.
     *
     * @throws InvalidLocation when the path is malformed
     */
    public static Path home(Map<String, String> env, Properties system) {
        String home = env.get(ENV_HOME);
        return present(home) ? path(ENV_HOME, home, env, system)
                : path("HOME", userHome(env, system), env, system).resolve(".colony");
    }

    /**
     * The user's home directory as the shell knows it: the {@code HOME} variable when set, else the JVM's
     * {@code user.home} (which comes from the account database, not from {@code HOME}).
     */
    public static String userHome(Map<String, String> env, Properties system) {
        String home = env.get("HOME");
        return present(home) ? home.strip() : system.getProperty("user.home", ".");
    }

    /** The store as every process names it: the JDBC URL, or the database file's absolute path. */
    public String key() {
        return jdbcUrl != null ? jdbcUrl : database.toString();
    }

    private static StoreLocation url(String source, String url) {
        return new StoreLocation(null, url.strip(), source);
    }

    private static StoreLocation file(Path database) {
        return new StoreLocation(database, null, null);
    }

    private static boolean isJdbc(String value) {
        return value.strip().regionMatches(true, 0, "jdbc:", 0, 5);
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    /** {@code value} as an absolute, normalised path: {@code ~} is the user's home, relative is from user.dir. */
    private static Path path(String field, String value, Map<String, String> env, Properties system) {
        String expanded = value.strip();
        if (expanded.equals("~") || expanded.startsWith("~/")) {
            expanded = userHome(env, system) + expanded.substring(1);
        }
        try {
            Path path = Path.of(expanded);
            if (!path.isAbsolute()) {
                path = Path.of(system.getProperty("user.dir", ".")).resolve(path);
            }
            return path.toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new InvalidLocation(field, "is not a valid path: " + e.getMessage());
        }
    }
}
