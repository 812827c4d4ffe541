package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who a tool acts as: the server's session. A tool takes a {@code session_id} or {@code agent} only where naming
 * another one is its point (a filter, the session to read, the agent to delegate to or profile); a client that still
 * sends one to any other tool is told it is no parameter of that tool, and nothing is written.
 */
class ServerIdentityTest {

    /** The tools whose point is another session or agent, and the identity parameters they take for it. */
    private static final Map<String, Set<String>> NAMING_ANOTHER = Map.of(
            "search", Set.of("session_id"),
            "timeline", Set.of("session_id"),
            "agent_upsert_profile", Set.of("agent"),
            "agent_get_profile", Set.of("agent"),
            "spawn_task", Set.of("agent"),
            "create_task", Set.of("agent"),
            "check_tasks", Set.of("agent"));

    @TempDir
    Path dir;

    private Colony colony;
    private Session own;
    private Session other;
    private ColonyMcpServer server;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        own = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        other = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        server = new ColonyMcpServer(new ToolContext(colony, own.user(), own.agent(), own.id()),
                ColonyMcpServer.tools(true));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void onlyToolsWhosePointIsAnotherSessionOrAgentTakeOne() {
        List<String> acting = new ArrayList<>();
        for (JsonNode tool : server.tools()) {
            String name = tool.get("name").asText();
            JsonNode properties = tool.get("inputSchema").get("properties");
            for (String identity : List.of("session_id", "agent")) {
                if (properties.has(identity) && !NAMING_ANOTHER.getOrDefault(name, Set.of()).contains(identity)) {
                    acting.add(name + "." + identity);
                }
            }
        }
        assertThat(acting).as("tools that let a caller act as another session or agent").isEmpty();
    }

    @Test
    void aToolActsAsTheServersSessionAndRefusesAnotherNamingTheParameter() {
        long task = ToolResults.okAndValid(server, "task_thread", Map.of("repo_root", "/work/app", "branch", "main"))
                .get("task_id").asLong();
        long post = ToolResults.okAndValid(server, "task_post", Map.of("task_id", task, "kind", "note", "content",
                "The billing API listens on 8443.")).get("id").asLong();

        JsonNode refused = ToolResults.error(server.call("task_post", Map.of("task_id", task, "kind", "note",
                "content", "Posted as codex?", "session_id", other.id().value())));
        assertThat(refused.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(refused.get("field").asText()).isEqualTo("session_id");
        assertThat(refused.get("error").asText()).contains("is not a parameter of this tool");

        JsonNode entries = ToolResults.okAndValid(server, "task_timeline", Map.of("task_id", task)).get("entries");
        assertThat(entries).extracting(entry -> entry.get("id").asLong()).containsExactly(post);
        assertThat(entries.get(0).get("session_id").asText()).isEqualTo(own.id().value());
    }
}
