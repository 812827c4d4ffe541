package dev.colony.spring.boot;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.UserId;
import dev.colony.embedding.onnx.OnnxModel;
import dev.colony.hook.client.StoreLocation;
import dev.colony.store.postgres.PostgresUrls;
import dev.colony.tool.Toolset;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code colony.*} properties: where the store is, who the application acts as, and how it searches. The
 * defaults are the MCP server's, so an application and the agents of the same machine share one store unless told
 * otherwise. Values are checked when they are bound; a bad one stops the application with an error naming it.
 *
 * <p>The parameters below are plain text without Javadoc tags: the build copies them into the configuration
 * metadata that IDEs show.
 *
 * @param db The SQLite database file (~ is the home directory, a relative path starts in the working directory),
 *     or a PostgreSQL JDBC URL. Default: colony.db in colony.home. Ignored when colony.jdbc-url is set.
 * @param jdbcUrl The JDBC URL of a PostgreSQL database to use instead of the SQLite file, for applications and
 *     agents on several machines (jdbc:postgresql://host:port/database).
 * @param dbUser The PostgreSQL user, when the URL does not name one.
 * @param dbPassword The PostgreSQL password, when the URL does not carry one.
 * @param home Colony's home directory: the default database, the search index cache of a PostgreSQL store and
 *     the embedding model's native libraries. Default: ~/.colony (the COLONY_HOME variable sets it, as for the MCP
 *     server).
 * @param user The user the application acts for. Default: the operating-system user.
 * @param agent The agent name of the application's session. Default: spring.application.name, else spring-app.
 * @param embeddingModel The in-process embedding model that ranks searches by meaning (all-minilm-l6-v2-q,
 *     bge-small-en-v1.5-q or e5-small-v2-q, the last two with their jar on the class path), or none for keyword
 *     search only.
 * @param toolsets The parts of Colony's tool surface the application's agents get: default (all but spec), all,
 *     or some of memory, collections, coordination, plans, runs, metrics, spec.
 * @param langchain4j Settings of the LangChain4j beans.
 */
@ConfigurationProperties(ColonyProperties.PREFIX)
public record ColonyProperties(String db, String jdbcUrl, String dbUser, String dbPassword, String home, String user,
        String agent, @DefaultValue(DEFAULT_EMBEDDING_MODEL) String embeddingModel,
        @DefaultValue(DEFAULT_TOOLSETS) List<String> toolsets, @DefaultValue LangChain4j langchain4j) {

    /** The prefix of every property. */
    public static final String PREFIX = "colony";
    /** The agent name when neither {@code colony.agent} nor {@code spring.application.name} is set. */
    public static final String DEFAULT_AGENT = "spring-app";
    /** The embedding model when none is named: the one {@code colony-embedding-onnx} carries. */
    public static final String DEFAULT_EMBEDDING_MODEL = "all-minilm-l6-v2-q";
    /** The {@code colony.embedding-model} value that turns search by meaning off. */
    public static final String NO_EMBEDDING = "none";
    /** The {@code colony.toolsets} value that names the toolsets a server mounts when told nothing. */
    public static final String DEFAULT_TOOLSETS = "default";
    /** The longest agent name a session takes. */
    public static final int MAX_AGENT_CHARS = 64;

    /**
     * Checks the values and fills in the defaults that depend on the machine (home, database, user).
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the property for a bad value
     */
    public ColonyProperties {
        Properties system = System.getProperties();
        Map<String, String> env = new HashMap<>();
        String shellHome = System.getenv("HOME");
        if (shellHome != null) {
            env.put("HOME", shellHome);
        }
        if (present(home)) {
            env.put(StoreLocation.ENV_HOME, home);
        }
        StoreLocation location;
        try {
            home = StoreLocation.home(env, system).toString();
            location = StoreLocation.resolve(present(jdbcUrl) ? null : db, jdbcUrl, env, system);
        } catch (StoreLocation.InvalidLocation e) {
            throw ColonyException.invalid(PREFIX + "." + (e.field().equals("db") ? "db" : "home"), e.getMessage());
        }
        if (location.jdbcUrl() != null && !PostgresUrls.isPostgresUrl(location.jdbcUrl())) {
            throw ColonyException.invalid(PREFIX + "." + location.source(), "must be a PostgreSQL JDBC URL ("
                    + PostgresUrls.PREFIX + "//host:port/database), was '" + PostgresUrls.redact(location.jdbcUrl())
                    + "'");
        }
        jdbcUrl = location.jdbcUrl();
        db = location.database() == null ? null : location.database().toString();
        dbUser = present(dbUser) ? dbUser.strip() : null;
        dbPassword = present(dbPassword) ? dbPassword : null;
        user = checkedUser(user == null ? system.getProperty("user.name", "user") : user);
        agent = agent == null ? null : checkedAgent(agent);
        embeddingModel = checkedModel(embeddingModel == null ? DEFAULT_EMBEDDING_MODEL : embeddingModel);
        toolsets = toolsets == null || toolsets.isEmpty() ? List.of(DEFAULT_TOOLSETS)
                : toolsets.stream().map(name -> name.strip().toLowerCase(Locale.ROOT)).toList();
        Toolset.parse(String.join(",", toolsets), PREFIX + ".toolsets");
        langchain4j = langchain4j == null ? new LangChain4j(LangChain4j.DEFAULT_MAX_MESSAGES) : langchain4j;
    }

    /** The toolsets {@link #toolsets} names. */
    public Set<Toolset> chosenToolsets() {
        return Toolset.parse(String.join(",", toolsets), PREFIX + ".toolsets");
    }

    /**
     * Settings of the LangChain4j beans.
     *
     * @param maxMessages The most messages each chat memory of the ChatMemoryProvider bean keeps.
     */
    public record LangChain4j(@DefaultValue("20") int maxMessages) {

        /** The messages a chat memory keeps unless {@code colony.langchain4j.max-messages} says otherwise. */
        public static final int DEFAULT_MAX_MESSAGES = 20;

        /**
         * Checks the value.
         *
         * @throws ColonyException {@code INVALID_ARGUMENT} naming the property when it is not positive
         */
        public LangChain4j {
            if (maxMessages < 1) {
                throw ColonyException.invalid(PREFIX + ".langchain4j.max-messages", "must be at least 1, was "
                        + maxMessages);
            }
        }
    }

    /** Whether the store is a PostgreSQL database rather than a SQLite file. */
    public boolean onServer() {
        return jdbcUrl != null;
    }

    /** The SQLite database file, absolute; {@code null} when the store is on a server. */
    public Path databaseFile() {
        return db == null ? null : Path.of(db);
    }

    /** Colony's home directory, absolute. */
    public Path homeDirectory() {
        return Path.of(home);
    }

    /** The embedding model, none when search by meaning is off. */
    public Optional<OnnxModel> model() {
        return embeddingModel.equals(NO_EMBEDDING) ? Optional.empty() : OnnxModel.byId(embeddingModel);
    }

    /**
     * The agent name: {@code colony.agent}, else the application's name, else {@value #DEFAULT_AGENT}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code colony.agent} when the application's name
     *     cannot be an agent name
     */
    public String agentOr(String applicationName) {
        if (agent != null) {
            return agent;
        }
        return present(applicationName) ? checkedAgent(applicationName) : DEFAULT_AGENT;
    }

    /** Shows the settings without the password. */
    @Override
    public String toString() {
        return "ColonyProperties[store=" + (jdbcUrl != null ? PostgresUrls.redact(jdbcUrl) : db) + ", dbUser="
                + dbUser + ", dbPassword=" + (dbPassword == null ? "none" : "***") + ", home=" + home + ", user="
                + user + ", agent=" + agent + ", embeddingModel=" + embeddingModel + ", toolsets=" + toolsets
                + ", langchain4j=" + langchain4j + "]";
    }

    private static String checkedUser(String user) {
        try {
            return UserId.of(user.strip()).value();
        } catch (ColonyException e) {
            throw ColonyException.invalid(PREFIX + ".user", "must be a non-blank name of at most " + UserId.MAX_LENGTH
                    + " characters without control characters, was " + Echo.quoted(user));
        }
    }

    private static String checkedAgent(String agent) {
        String name = agent.strip();
        if (name.isEmpty() || name.length() > MAX_AGENT_CHARS || name.chars().anyMatch(Character::isISOControl)) {
            throw ColonyException.invalid(PREFIX + ".agent", "must be a non-blank name of at most " + MAX_AGENT_CHARS
                    + " characters without control characters, was " + Echo.quoted(agent));
        }
        return name;
    }

    private static String checkedModel(String named) {
        String wanted = named.strip().toLowerCase(Locale.ROOT);
        if (wanted.equals(NO_EMBEDDING)) {
            return wanted;
        }
        Optional<OnnxModel> model = OnnxModel.byId(wanted);
        if (model.isEmpty()) {
            throw ColonyException.invalid(PREFIX + ".embedding-model", "must be one of " + Arrays.stream(
                    OnnxModel.values()).map(OnnxModel::id).collect(Collectors.joining(", ")) + " or " + NO_EMBEDDING
                    + ", was " + Echo.quoted(named));
        }
        model.get().missing().ifPresent(missing -> {
            throw ColonyException.invalid(PREFIX + ".embedding-model", missing);
        });
        return wanted;
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
