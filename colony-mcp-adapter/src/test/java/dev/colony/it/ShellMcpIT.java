package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shell runs through the SDK's client against the jar, with secrets in the server's environment: a default server
 * neither lists nor runs them (spawn_task without its command parameter, no task_output, a command refused with
 * SHELL_DISABLED); a server started with --allow-shell runs them with a minimal environment that carries PATH and
 * the variables named by --shell-env, never the server's secrets.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ShellMcpIT {

    private static final String PASSWORD = "pg-password-do-not-leak";
    private static final String AWS_SECRET = "aws-secret-do-not-leak";
    private static final Map<String, String> SECRETS = Map.of("COLONY_DB_PASSWORD", PASSWORD,
            "AWS_SECRET_ACCESS_KEY", AWS_SECRET, "BUILD_LABEL", "nightly-42");

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    private McpSyncClient server(String... options) {
        List<String> args = new ArrayList<>(List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user",
                "alice", "--agent", "claude-code"));
        args.addAll(List.of(options));
        return ColonyJar.mcpClientWithEnv(args, dir.resolve("home"), "claude", stderr, SECRETS);
    }

    @Test
    void aDefaultServerNeitherListsNorRunsShellCommands() {
        McpSyncClient client = server();
        try {
            List<McpSchema.Tool> tools = client.listTools().tools();
            McpSchema.Tool spawn = tools.stream().filter(tool -> tool.name().equals("spawn_task")).findFirst()
                    .orElseThrow();
            @SuppressWarnings("unchecked")
            Map<String, Object> properties = (Map<String, Object>) spawn.inputSchema().get("properties");
            assertThat(properties).containsKeys("agent", "message").doesNotContainKeys("command", "cwd");
            assertThat(spawn.description()).doesNotContainIgnoringCase("shell");
            assertThat(tools).extracting(McpSchema.Tool::name).contains("check_tasks", "await_tasks")
                    .doesNotContain("task_output");

            JsonNode refused = ToolResults.error(client.callTool(McpSchema.CallToolRequest.builder("spawn_task")
                    .arguments(Map.of("command", "env")).build()));
            assertThat(refused.get("code").asText()).isEqualTo("SHELL_DISABLED");
            assertThat(refused.get("field").asText()).isEqualTo("command");
            assertThat(refused.get("error").asText()).contains("--allow-shell");
            assertThat(ColonyJar.okAndValid(client, "check_tasks", Map.of("status", "failed"), stderr)
                    .get("tasks")).as("nothing was recorded").isEmpty();
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void anAllowedShellRunSeesAMinimalEnvironmentWithoutTheServersSecrets() {
        McpSyncClient client = server("--allow-shell", "--shell-env", "BUILD_LABEL");
        try {
            String id = ColonyJar.okAndValid(client, "spawn_task", Map.of("command", "env"), stderr).get("task_id")
                    .asText();
            JsonNode awaited = ColonyJar.okAndValid(client, "await_tasks", Map.of("task_ids", List.of(id),
                    "timeout_seconds", 40), stderr);
            assertThat(awaited.get("tasks").get(0).get("status").asText()).isEqualTo("finished");
            String env = ColonyJar.okAndValid(client, "task_output", Map.of("task_id", id, "max_bytes", 65_536),
                    stderr).get("text").asText();
            assertThat(env).contains("PATH=", "BUILD_LABEL=nightly-42").doesNotContain(PASSWORD, AWS_SECRET,
                    "COLONY_DB_PASSWORD", "AWS_SECRET_ACCESS_KEY", "COLONY_HOME");
        } finally {
            client.closeGracefully();
        }
    }
}
