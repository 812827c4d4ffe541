package dev.colony.launch;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.collection.Collections;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.Runs;
import dev.colony.api.run.ShellSettings;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.hook.client.StoreLocation;
import dev.colony.spi.embedding.Embedder;
import dev.colony.store.postgres.PostgresUrls;
import dev.colony.tool.Toolset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Where the store lives and who the server or command acts as, resolved from command-line options,
 * then {@code COLONY_*} environment variables, then defaults.
 *
 * <p>The store is either a SQLite file or a PostgreSQL database shared by several machines. Defaults:
 * the database is {@code $COLONY_HOME/colony.db} with {@code COLONY_HOME} defaulting to
 * {@code ~/.colony}; the user is the operating-system user; the agent is {@value #DEFAULT_AGENT}; without
 * a session id the server starts a fresh session. A JDBC URL ({@code --jdbc-url}, a {@code --db} that
 * starts with {@code jdbc:}, or {@value #ENV_JDBC_URL}) selects PostgreSQL; its user and password come
 * from {@value #ENV_DB_USER} and {@value #ENV_DB_PASSWORD} (or the URL), never from an option that
 * other users of the machine could read in the process list. The search index of a PostgreSQL store is
 * a per-machine cache under {@code home}.
 *
 * @param database the SQLite database file, absolute; {@code null} when the store is on a server
 * @param jdbcUrl the PostgreSQL JDBC URL, or {@code null} for a SQLite file
 * @param login the database user and password for {@code jdbcUrl} (both {@code null} when not given)
 * @param home Colony's home directory ({@code COLONY_HOME}), absolute
 * @param user the user to act for
 * @param agent the agent name of the session
 * @param session the session to re-announce, or {@code null} to start a fresh one
 * @param embedding the in-process embedding model that ranks searches by meaning (an {@link OnnxModel}
 *     id), or {@value #NO_EMBEDDING} for keyword search only; from {@value #ENV_EMBEDDING_MODEL}, by
 *     default {@link OnnxEmbedder#DEFAULT_MODEL}
 * @param collection the collection memories go to when a tool call names none ({@value #ENV_COLLECTION}), or
 *     {@code null} for the user's personal namespace
 * @param runs how runs execute: the slots ({@value #ENV_MAX_CONCURRENT}), the delegation policy the server declares
 *     to its store ({@value #ENV_MEMBERS}), shell runs (off unless {@value #ENV_ALLOW_SHELL}; their allow-list
 *     {@value #ENV_SHELL_ALLOW}, the variables they receive {@value #ENV_SHELL_ENV}, their output cap
 *     {@value #ENV_OUTPUT_CAP}) with output under {@code home/runs}, and the longest timeout
 *     ({@value #ENV_MAX_TIMEOUT})
 * @param toolsets the parts of the tool surface the server mounts ({@code --toolsets}, {@value #ENV_TOOLSETS}); all
 *     by default
 */
public record LaunchSettings(Path database, String jdbcUrl, DatabaseLogin login, Path home, UserId user, String agent,
        SessionId session, String embedding, String collection, RunSettings runs, Set<Toolset> toolsets) {

    /** Environment variable with the JDBC URL of a PostgreSQL store. */
    public static final String ENV_JDBC_URL = StoreLocation.ENV_JDBC_URL;
    /** Environment variable with the database user of a PostgreSQL store. */
    public static final String ENV_DB_USER = "COLONY_DB_USER";
    /** Environment variable with the database password of a PostgreSQL store. */
    public static final String ENV_DB_PASSWORD = "COLONY_DB_PASSWORD";
    /** Environment variable naming the database file. */
    public static final String ENV_DB = StoreLocation.ENV_DB;
    /** Environment variable naming the directory of the default database. */
    public static final String ENV_HOME = StoreLocation.ENV_HOME;
    /** Environment variable naming the user. */
    public static final String ENV_USER = "COLONY_USER";
    /** Environment variable naming the agent. */
    public static final String ENV_AGENT = "COLONY_AGENT";
    /** Environment variable naming the session to re-announce. */
    public static final String ENV_SESSION = "COLONY_SESSION";
    /** Environment variable naming the collection memories go to when a call names none. */
    public static final String ENV_COLLECTION = "COLONY_COLLECTION";
    /** Environment variable naming the embedding model, or {@value #NO_EMBEDDING}. */
    public static final String ENV_EMBEDDING_MODEL = "COLONY_EMBEDDING_MODEL";
    /** The embedding setting that turns search by meaning off. */
    public static final String NO_EMBEDDING = "none";
    /** Environment variable with the most runs in progress at once across the store (default 4). */
    public static final String ENV_MAX_CONCURRENT = "COLONY_MAX_CONCURRENT";
    /**
     * Environment variable with the delegation policy: {@code agent=member,member;agent=member}. Unset, every
     * agent may delegate to every agent; set, an agent it does not name (or names with no members) may not.
     */
    public static final String ENV_MEMBERS = "COLONY_MEMBERS";
    /** Environment variable that turns shell runs on ({@code true} or {@code 1}); off by default. */
    public static final String ENV_ALLOW_SHELL = "COLONY_ALLOW_SHELL";
    /**
     * Environment variable with the programs shell runs may start, comma-separated (see
     * {@link ShellSettings}); naming any turns shell runs on, limited to them.
     */
    public static final String ENV_SHELL_ALLOW = "COLONY_SHELL_ALLOW";
    /** Environment variable naming, comma-separated, the variables shell runs get besides PATH, HOME, LANG, TERM. */
    public static final String ENV_SHELL_ENV = "COLONY_SHELL_ENV";
    /** Environment variable with the bytes of output kept per shell run (a suffix k, m or g: KiB, MiB, GiB). */
    public static final String ENV_OUTPUT_CAP = "COLONY_RUN_OUTPUT_CAP";
    /** Environment variable with the longest timeout a run may have, in seconds (default 7200). */
    public static final String ENV_MAX_TIMEOUT = "COLONY_RUN_MAX_TIMEOUT";
    /** Environment variable naming, comma-separated, the {@link Toolset}s the server mounts (default all). */
    public static final String ENV_TOOLSETS = "COLONY_TOOLSETS";
    /** The option naming the toolsets the server mounts. */
    public static final String OPTION_TOOLSETS = "--toolsets";
    /** The directory inside {@code COLONY_HOME} that holds shell runs' output. */
    public static final String RUNS_DIRECTORY = "runs";
    /** The agent name used when none is given. */
    public static final String DEFAULT_AGENT = "agent";
    /** The database file name inside {@code COLONY_HOME}. */
    public static final String DATABASE_FILE = StoreLocation.DATABASE_FILE;

    /** Checks the required components: exactly one of {@code database} and {@code jdbcUrl}. */
    public LaunchSettings {
        if ((database == null) == (jdbcUrl == null)) {
            throw new IllegalArgumentException("exactly one of database and jdbcUrl must be given");
        }
        Objects.requireNonNull(login, "login");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(embedding, "embedding");
        Objects.requireNonNull(runs, "runs");
        toolsets = Set.copyOf(Objects.requireNonNull(toolsets, "toolsets"));
        if (toolsets.isEmpty()) {
            throw new IllegalArgumentException("a server mounts at least one toolset");
        }
    }

    /**
     * These settings with another home directory: where a per-machine index cache and the embedding
     * model's native libraries go (a demo on a temporary store keeps them in its temporary directory).
     */
    public LaunchSettings withHome(Path newHome) {
        Path home = newHome.toAbsolutePath().normalize();
        return new LaunchSettings(database, jdbcUrl, login, home, user, agent, session, embedding, collection,
                runs.withOutputDirectory(home.resolve(RUNS_DIRECTORY)), toolsets);
    }

    /**
     * These settings with shell runs as the server's options say: on with {@code allow} or a non-empty
     * {@code programs} (which also limits them), each option adding to what the environment said; {@code null}
     * and empty options change nothing.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the option for a malformed program or variable name
     */
    public LaunchSettings withShellOptions(boolean allow, List<String> programs, List<String> variables) {
        ShellSettings shell = runs.shell();
        Set<String> allowed = new TreeSet<>(shell.allowedPrograms());
        allowed.addAll(names(programs));
        Set<String> passed = new TreeSet<>(shell.passedEnvironment());
        passed.addAll(names(variables));
        ShellSettings changed = new ShellSettings(shell.enabled() || allow || !allowed.isEmpty(), allowed, passed,
                shell.outputCap());
        return new LaunchSettings(database, jdbcUrl, login, home, user, agent, session, embedding, collection,
                runs.withShell(changed), toolsets);
    }

    /**
     * These settings with the toolsets the {@value #OPTION_TOOLSETS} option names, which win over
     * {@value #ENV_TOOLSETS}; a {@code null} or blank option changes nothing.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the option when it names an unknown toolset
     */
    public LaunchSettings withToolsets(String option) {
        if (option == null || option.isBlank()) {
            return this;
        }
        return new LaunchSettings(database, jdbcUrl, login, home, user, agent, session, embedding, collection, runs,
                Toolset.parse(option, OPTION_TOOLSETS));
    }

    /** The embedder these settings name, none when they turn search by meaning off. */
    public Optional<Embedder> embedder() {
        return embedding.equals(NO_EMBEDDING) ? Optional.empty()
                : OnnxModel.byId(embedding).map(model -> (Embedder) OnnxEmbedder.of(model, home.resolve("native")));
    }

    /**
     * A database user and password, from the environment; {@link #toString()} never shows the password.
     *
     * @param user the database user, or {@code null}
     * @param password the password, or {@code null}
     */
    public record DatabaseLogin(String user, String password) {

        /** No user and no password: the URL (or the driver's defaults) decides. */
        public static final DatabaseLogin NONE = new DatabaseLogin(null, null);

        @Override
        public String toString() {
            return "DatabaseLogin[user=" + user + ", password=" + (password == null ? "none" : "***") + "]";
        }
    }

    /** Whether the store is a PostgreSQL database rather than a SQLite file. */
    public boolean onServer() {
        return jdbcUrl != null;
    }

    /** Where the store is, for messages and logs: the file, or the JDBC URL without passwords. */
    public String storeLabel() {
        return jdbcUrl != null ? PostgresUrls.redact(jdbcUrl) : database.toString();
    }

    /** Shows where the store is without any password. */
    @Override
    public String toString() {
        return "LaunchSettings[store=" + storeLabel() + ", login=" + login + ", home=" + home + ", user=" + user
                + ", agent=" + agent + ", session=" + session + ", collection=" + collection + ", runs=" + runs
                + ", toolsets=" + Toolset.describe(toolsets) + "]";
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
        return resolve(db, null, user, agent, session, env, system);
    }

    /**
     * Resolves the settings as {@link #resolve(String, String, String, String, Map, Properties)}, with
     * the {@code --jdbc-url} option too. A store given by an option wins over every environment
     * variable; {@code --db} and {@code --jdbc-url} together are refused, and so is a {@code jdbc:} URL of
     * an engine other than PostgreSQL.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the option for a malformed value
     */
    public static LaunchSettings resolve(String db, String jdbcUrl, String user, String agent, String session,
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
        String embedding = embedding(env);
        StoreLocation location;
        Path home;
        try {
            location = StoreLocation.resolve(db, jdbcUrl, env, system);
            home = StoreLocation.home(env, system);
        } catch (StoreLocation.InvalidLocation e) {
            throw ColonyException.invalid(e.field(), e.getMessage());
        }
        DatabaseLogin login = new DatabaseLogin(first(env.get(ENV_DB_USER), null, null),
                first(env.get(ENV_DB_PASSWORD), null, null));
        String collection = first(env.get(ENV_COLLECTION), null, null);
        if (collection != null) {
            collection = collection.strip();
            if (!collection.matches(Collections.SLUG_PATTERN) || collection.length() > Collections.MAX_SLUG_LENGTH) {
                throw ColonyException.invalid("collection", ENV_COLLECTION + " must name a collection (lowercase "
                        + "letters, digits and single hyphens), was " + Echo.quoted(collection));
            }
        }
        RunSettings runs = RunSettings.defaults().withMaxConcurrent(maxConcurrent(env))
                .withMembers(members(env)).withOutputDirectory(home.resolve(RUNS_DIRECTORY)).withShell(shell(env))
                .withMaxTimeout(maxTimeout(env));
        String toolsetsNamed = first(env.get(ENV_TOOLSETS), null, null);
        Set<Toolset> toolsets = toolsetsNamed == null ? Toolset.defaults()
                : Toolset.parse(toolsetsNamed, ENV_TOOLSETS);
        if (location.jdbcUrl() != null) {
            return new LaunchSettings(null, checkedUrl(location.source(), location.jdbcUrl()), login, home, userId,
                    agentName, sessionId, embedding, collection, runs, toolsets);
        }
        return new LaunchSettings(location.database(), null, login, home, userId, agentName, sessionId, embedding,
                collection, runs, toolsets);
    }

    /** The slots {@value #ENV_MAX_CONCURRENT} names, checked. */
    private static int maxConcurrent(Map<String, String> env) {
        String named = first(env.get(ENV_MAX_CONCURRENT), null, null);
        if (named == null) {
            return Runs.DEFAULT_MAX_CONCURRENT;
        }
        try {
            int value = Integer.parseInt(named.strip());
            if (value >= 1 && value <= RunSettings.MAX_CONCURRENT_LIMIT) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Refused below.
        }
        throw ColonyException.invalid(ENV_MAX_CONCURRENT, "must be a whole number from 1 to "
                + RunSettings.MAX_CONCURRENT_LIMIT + ", was " + Echo.quoted(named));
    }

    /** The shell settings of {@value #ENV_ALLOW_SHELL} and its siblings, checked. */
    private static ShellSettings shell(Map<String, String> env) {
        String allow = first(env.get(ENV_ALLOW_SHELL), null, null);
        boolean on = false;
        if (allow != null) {
            String value = allow.strip().toLowerCase(Locale.ROOT);
            if (!Set.of("true", "1", "yes", "false", "0", "no").contains(value)) {
                throw ColonyException.invalid(ENV_ALLOW_SHELL, "must be true or false, was " + Echo.quoted(allow));
            }
            on = Set.of("true", "1", "yes").contains(value);
        }
        List<String> programs = names(split(env.get(ENV_SHELL_ALLOW)));
        ShellSettings shell;
        try {
            shell = new ShellSettings(on || !programs.isEmpty(), Set.copyOf(programs),
                    Set.copyOf(names(split(env.get(ENV_SHELL_ENV)))), outputCap(env));
        } catch (ColonyException e) {
            String field = e.field() == null ? ENV_ALLOW_SHELL : switch (e.field()) {
                case "shell_allow" -> ENV_SHELL_ALLOW;
                case "shell_env" -> ENV_SHELL_ENV;
                default -> ENV_OUTPUT_CAP;
            };
            throw ColonyException.invalid(field, e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
        }
        return shell;
    }

    /** The output cap {@value #ENV_OUTPUT_CAP} names, in bytes. */
    private static long outputCap(Map<String, String> env) {
        String named = first(env.get(ENV_OUTPUT_CAP), null, null);
        if (named == null) {
            return ShellSettings.DEFAULT_OUTPUT_CAP;
        }
        String value = named.strip().toLowerCase(Locale.ROOT);
        int shift = value.endsWith("k") ? 10 : value.endsWith("m") ? 20 : value.endsWith("g") ? 30 : 0;
        try {
            long bytes = Long.parseLong(shift == 0 ? value : value.substring(0, value.length() - 1)) << shift;
            if (bytes >= ShellSettings.MIN_OUTPUT_CAP && bytes <= ShellSettings.MAX_OUTPUT_CAP) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // Refused below.
        }
        throw ColonyException.invalid(ENV_OUTPUT_CAP, "must be " + ShellSettings.MIN_OUTPUT_CAP + " bytes to 1g, "
                + "was " + Echo.quoted(named));
    }

    /** The longest timeout {@value #ENV_MAX_TIMEOUT} names, checked. */
    private static Duration maxTimeout(Map<String, String> env) {
        String named = first(env.get(ENV_MAX_TIMEOUT), null, null);
        if (named == null) {
            return Runs.DEFAULT_MAX_TIMEOUT;
        }
        try {
            long seconds = Long.parseLong(named.strip());
            if (seconds >= 1 && seconds <= Runs.MAX_TIMEOUT.toSeconds()) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // Refused below.
        }
        throw ColonyException.invalid(ENV_MAX_TIMEOUT, "must be a whole number of seconds from 1 to "
                + Runs.MAX_TIMEOUT.toSeconds() + ", was " + Echo.quoted(named));
    }

    private static List<String> split(String list) {
        return list == null ? List.of() : Arrays.asList(list.split(","));
    }

    /** The non-blank entries of {@code values}, stripped; none for {@code null}. */
    private static List<String> names(List<String> values) {
        return values == null ? List.of() : values.stream().filter(value -> value != null && !value.isBlank())
                .map(String::strip).toList();
    }

    /** The delegation policy {@value #ENV_MEMBERS} writes, checked; {@code null} when unset. */
    private static Map<String, Set<String>> members(Map<String, String> env) {
        String named = first(env.get(ENV_MEMBERS), null, null);
        return named == null ? null : parseMembers(named);
    }

    /**
     * A delegation policy written as {@value #ENV_MEMBERS} writes it: {@code agent=member,member;agent=member}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@value #ENV_MEMBERS} when it reads otherwise
     */
    public static Map<String, Set<String>> parseMembers(String named) {
        Map<String, Set<String>> policy = new TreeMap<>();
        for (String entry : named.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int equals = entry.indexOf('=');
            String agent = equals < 0 ? "" : entry.substring(0, equals).strip();
            if (agent.isEmpty()) {
                throw ColonyException.invalid(ENV_MEMBERS, "must read agent=member,member;agent=member, was "
                        + Echo.quoted(named));
            }
            Set<String> allowed = new TreeSet<>();
            for (String member : entry.substring(equals + 1).split(",")) {
                if (!member.isBlank()) {
                    allowed.add(member.strip());
                }
            }
            policy.put(agent, allowed);
        }
        return policy;
    }

    /** The embedding model {@value #ENV_EMBEDDING_MODEL} names, checked. */
    private static String embedding(Map<String, String> env) {
        String named = first(env.get(ENV_EMBEDDING_MODEL), null, null);
        if (named == null) {
            return OnnxEmbedder.DEFAULT_MODEL.id();
        }
        String wanted = named.strip().toLowerCase(Locale.ROOT);
        if (wanted.equals(NO_EMBEDDING)) {
            return wanted;
        }
        Optional<OnnxModel> model = OnnxModel.byId(wanted);
        if (model.isPresent()) {
            Optional<String> missing = model.get().missing();
            if (missing.isPresent()) {
                throw ColonyException.invalid(ENV_EMBEDDING_MODEL, missing.get());
            }
            return wanted;
        }
        throw ColonyException.invalid(ENV_EMBEDDING_MODEL, "must be one of " + Arrays.stream(OnnxModel.values())
                .map(OnnxModel::id).collect(Collectors.joining(", ")) + " or " + NO_EMBEDDING + ", was "
                + Echo.quoted(named));
    }

    /** The store's location as every process names it, the key of its hook spool. */
    public StoreLocation location() {
        return new StoreLocation(database == null ? null : database.toAbsolutePath().normalize(), jdbcUrl, null);
    }

    private static String checkedUrl(String field, String url) {
        if (!PostgresUrls.isPostgresUrl(url)) {
            throw ColonyException.invalid(field, "must be a PostgreSQL JDBC URL (" + PostgresUrls.PREFIX
                    + "//host:port/database), was '" + PostgresUrls.redact(url.strip()) + "'");
        }
        return url.strip();
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
