package dev.colony.tool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.tool.json.JsonTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Colony's tools for an agent framework that calls them in-process (LangChain4j's {@code ToolProvider}, Spring AI's
 * {@code ToolCallbackProvider}): the same declarations, argument checks, results and errors as the MCP server's,
 * for the toolsets chosen, acting for one user and agent.
 *
 * <p>Each conversation of the framework (LangChain4j's chat memory id, Spring AI's conversation id) is one Colony
 * session of that agent, so what a tool records (a claim, a message, a memory) is attributed to the conversation
 * that asked, and every process that continues the conversation continues its session. The session id is derived
 * from the agent, the user and the conversation id ({@code helpdesk:alice:ticket-81}), so two users' conversations
 * of the same id never meet; a call without a conversation acts in this instance's own session. A
 * session is announced to the store on its first call in this process.
 *
 * <p>Thread-safe; calls that wait (awaiting runs) wait on the calling thread.
 */
public final class InProcessTools {

    /** The sessions this instance has announced, most recent last; bounded, as conversations come and go. */
    private static final int ANNOUNCED_SESSIONS = 1_024;
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final Colony colony;
    private final UserId user;
    private final String agent;
    private final String client;
    private final String collection;
    private final ToolCatalog catalog;
    private final List<Tool> tools;
    private final String guidance;
    private final SessionId ownSession;
    private final Map<SessionId, Boolean> announced = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<SessionId, Boolean> eldest) {
            return size() > ANNOUNCED_SESSIONS;
        }
    };

    private InProcessTools(Builder builder) {
        this.colony = builder.colony;
        this.user = builder.user;
        this.agent = builder.agent;
        this.client = builder.client;
        this.collection = builder.collection;
        this.catalog = new ToolCatalog(Toolset.tools(builder.toolsets, colony.executesShellRuns()));
        List<ToolSpec<?, ?>> specs = catalog.specs();
        List<Tool> described = new ArrayList<>(specs.size());
        for (JsonNode definition : catalog.definitions()) {
            ToolSpec<?, ?> spec = specs.get(described.size());
            described.add(new Tool(spec.name(), spec.title(), spec.description(),
                    (ObjectNode) definition.get("inputSchema"), spec.hints()));
        }
        this.tools = List.copyOf(described);
        this.guidance = ToolGuidance.of(specs);
        this.ownSession = SessionId.random(agent);
    }

    /**
     * Tools acting for {@code user} as {@code agent} on {@code colony}: every toolset unless
     * {@link Builder#toolsets} says otherwise.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code user} or {@code agent} when blank
     */
    public static Builder builder(Colony colony, String user, String agent) {
        return new Builder(colony, user, agent);
    }

    /** The tools, in the order the MCP server lists them. */
    public List<Tool> tools() {
        return tools;
    }

    /**
     * What the model should know before it uses these tools, said once for all of them (the MCP server sends the
     * same text as its instructions): put it in the agent's system message.
     */
    public String guidance() {
        return guidance;
    }

    /** The user the tools act for. */
    public UserId user() {
        return user;
    }

    /** The agent name the tools' sessions carry. */
    public String agent() {
        return agent;
    }

    /**
     * The session a conversation's calls act in: this instance's own for {@code null}; otherwise
     * {@code <agent>:<user>:<conversation>} (hashed when longer than a session id may be or holding control
     * characters), the same in every process.
     */
    public SessionId session(Object conversation) {
        if (conversation == null) {
            return ownSession;
        }
        String id = agent + ":" + user.value() + ":" + conversation;
        if (id.length() > SessionId.MAX_LENGTH || id.chars().anyMatch(Character::isISOControl)) {
            id = agent.substring(0, Math.min(agent.length(), 60)) + ":sha256:" + sha256(id).substring(0, 48);
        }
        return SessionId.of(id);
    }

    /**
     * Runs the tool named {@code name} with {@code arguments} (a JSON object, or {@code null}/blank for none) in the
     * session of {@code conversation}, and waits for its outcome. A failure is an outcome, never an exception: its
     * text is the error the MCP server would answer ({@code {"code", "error", "field"}}), which the framework hands
     * back to the model so it can correct its call.
     */
    public ToolOutcome call(Object conversation, String name, String arguments) {
        JsonNode parsed;
        try {
            parsed = parse(arguments);
        } catch (IOException e) {
            String why = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            return refused(name, "arguments", "arguments: not a JSON object (" + why + ")");
        }
        try {
            return catalog.call(context(conversation), name, parsed);
        } catch (MalformedToolCall e) {
            return refused(name, e.field(), e.getMessage());
        } catch (ColonyException e) {
            return refused(name, e.field(), e.getMessage(), e.code());
        }
    }

    private ToolContext context(Object conversation) {
        SessionId session = session(conversation);
        boolean known;
        synchronized (announced) {
            known = announced.get(session) != null;
        }
        if (!known) {
            colony.sessions().ensure(new SessionStart(user, agent, session, client, null, null, null));
            synchronized (announced) {
                announced.put(session, Boolean.TRUE);
            }
        }
        return new ToolContext(colony, user, agent, session, collection);
    }

    private static JsonNode parse(String arguments) throws IOException {
        if (arguments == null || arguments.isBlank()) {
            return null;
        }
        try (JsonParser parser = JSON.createParser(arguments)) {
            JsonNode value = JsonTrees.read(parser);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "text after the JSON value");
            }
            return value;
        }
    }

    private static ToolOutcome refused(String tool, String field, String message) {
        return refused(tool, field, message, ErrorCode.INVALID_ARGUMENT);
    }

    private static ToolOutcome refused(String tool, String field, String message, ErrorCode code) {
        ObjectNode body = ToolCatalog.errorResult(code, field, message);
        return new ToolOutcome(tool == null ? "" : tool, body, body.get("content").get(0).get("text").asText(), code);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * One tool as a framework declares it to a model.
     *
     * @param name the name the model calls it by
     * @param title a short title for people
     * @param description what it does and when to use it
     * @param inputSchema its arguments as a JSON Schema object, as the MCP server publishes it
     * @param hints what a call may do (reads only, destroys, repeats safely)
     */
    public record Tool(String name, String title, String description, ObjectNode inputSchema, ToolHints hints) {

        /** The argument schema as JSON text. */
        public String inputSchemaJson() {
            return JsonTrees.toJson(inputSchema);
        }
    }

    /** Chooses the toolsets, the default collection and the client name before the tools are built. */
    public static final class Builder {

        private final Colony colony;
        private final UserId user;
        private final String agent;
        private Set<Toolset> toolsets = Toolset.defaults();
        private String collection;
        private String client;

        private Builder(Colony colony, String user, String agent) {
            this.colony = Objects.requireNonNull(colony, "colony");
            if (user == null || user.isBlank()) {
                throw ColonyException.invalid("user", "is required");
            }
            if (agent == null || agent.isBlank()) {
                throw ColonyException.invalid("agent", "is required");
            }
            this.user = UserId.of(user.strip());
            this.agent = agent.strip();
        }

        /**
         * The toolsets to expose (default all), as {@link Toolset#parse} reads them: {@code "memory,coordination"}.
         *
         * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code toolsets} for an unknown name
         */
        public Builder toolsets(String list) {
            this.toolsets = Toolset.parse(Objects.requireNonNull(list, "toolsets"), "toolsets");
            return this;
        }

        /** The toolsets to expose (default all). */
        public Builder toolsets(Set<Toolset> chosen) {
            if (chosen.isEmpty()) {
                throw ColonyException.invalid("toolsets", "names no toolset");
            }
            this.toolsets = EnumSet.copyOf(chosen);
            return this;
        }

        /** The collection memories go to when a call names none (default: the user's personal namespace). */
        public Builder collection(String name) {
            this.collection = name;
            return this;
        }

        /** The client the sessions are recorded as running in ({@code langchain4j}, say). */
        public Builder client(String name) {
            this.client = name;
            return this;
        }

        /** The tools. */
        public InProcessTools build() {
            return new InProcessTools(this);
        }
    }
}
