package dev.colony.mcp;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Where the embedded store lives and who the server or command acts as, resolved from command-line
 * options, then {@code COLONY_*} environment variables, then defaults.
 *
 * <p>Defaults: the database is {@code $COLONY_HOME/colony.db} with {@code COLONY_HOME} defaulting to
 * {@code ~/.colony}; the user is the operating-system user; the agent is {@value #DEFAULT_AGENT}; without
 * a session id the server starts a fresh session.
 *
 * @param database the SQLite database file, absolute
 * @param user the user to act for
 * @param agent the agent name of the session
 * @param session the session to re-announce, or {@code null} to start a fresh one
 */
public record LaunchSettings(Path database, UserId user, String agent, SessionId session) {

    /** Environment variable naming the database file. */
    public static final String ENV_DB = "COLONY_DB";
    /** Environment variable naming the directory of the default database. */
    public static final String ENV_HOME = "COLONY_HOME";
    /** Environment variable naming the user. */
    public static final String ENV_USER = "COLONY_USER";
    /** Environment variable naming the agent. */
    public static final String ENV_AGENT = "COLONY_AGENT";
    /** Environment variable naming the session to re-announce. */
    public static final String ENV_SESSION = "COLONY_SESSION";
    /** The agent name used when none is given. */
    public static final String DEFAULT_AGENT = "agent";
    /** The database file name inside {@code COLONY_HOME}. */
    public static final String DATABASE_FILE = "colony.db";

    /** Checks the required components. */
    public LaunchSettings {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
    }

    /**
     * Resolves the settings; each option, when not {@code null} or blank, wins over its environment
     * variable.
     *
     * @param db the {@code --db} option
     * @param user the {@code --user} option
     * @param agent the {@code --agent} option
     * @param session the {@code --session} option
     * @param env the environment (normally {@link System#getenv()})
     * @param system the system properties (normally {@link System#getProperties()}), for
     *     {@code user.name}, {@code user.home} and {@code user.dir}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the option for a malformed value
     */
    public static LaunchSettings resolve(String db, String user, String agent, String session,
            Map<String, String> env, Properties system) {
        String userName = first(user, env.get(ENV_USER), system.getProperty("user.name"));
        UserId userId;
        try {
            userId = UserId.of(userName == null ? "user" : userName);
        } catch (ColonyException e) {
            throw ColonyException.invalid("user", "must be a non-blank name of at most " + UserId.MAX_LENGTH
                    + " characters without control characters");
        }
        String agentName = first(agent, env.get(ENV_AGENT), DEFAULT_AGENT).strip();
        String sessionValue = first(session, env.get(ENV_SESSION), null);
        SessionId sessionId;
        try {
            sessionId = sessionValue == null ? null : SessionId.of(sessionValue);
        } catch (ColonyException e) {
            throw ColonyException.invalid("session", "must be a non-blank id of at most " + SessionId.MAX_LENGTH
                    + " characters without control characters");
        }
        return new LaunchSettings(database(db, env, system), userId, agentName, sessionId);
    }

    private static Path database(String option, Map<String, String> env, Properties system) {
        String explicit = first(option, env.get(ENV_DB), null);
        if (explicit != null) {
            return path("db", explicit, system);
        }
        String home = first(env.get(ENV_HOME), null, null);
        Path directory = home != null
                ? path(ENV_HOME, home, system)
                : path("user.home", system.getProperty("user.home", "."), system).resolve(".colony");
        return directory.resolve(DATABASE_FILE);
    }

    private static Path path(String field, String value, Properties system) {
        String expanded = value.strip();
        if (expanded.equals("~") || expanded.startsWith("~/")) {
            expanded = system.getProperty("user.home", ".") + expanded.substring(1);
        }
        try {
            Path path = Path.of(expanded);
            if (!path.isAbsolute()) {
                path = Path.of(system.getProperty("user.dir", ".")).resolve(path);
            }
            return path.toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw ColonyException.invalid(field, "is not a valid path: " + e.getMessage());
        }
    }

    private static String first(String a, String b, String c) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        if (b != null && !b.isBlank()) {
            return b;
        }
        return c != null && !c.isBlank() ? c : null;
    }
}
