package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two users on one store, each through the jar: a session id one user took first is refused to the other at
 * start, with a line on stderr saying it belongs to another user and nothing on stdout, while the other's
 * servers in sessions of their own work; a tool's {@code session_id} naming the other's session is refused as
 * ever, with the answer a missing session gets.
 */
class SessionOwnershipIT {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}}\n";

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    private McpSyncClient client(String user, String session) {
        return ColonyJar.mcpClient(List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user", user,
                "--agent", "claude-code", "--session", session), dir.resolve("home"), user, stderr);
    }

    @Test
    void aSessionAnotherUserTookFirstIsRefusedAtStartNotOnEveryCall() throws Exception {
        McpSyncClient bob = client("bob", "alice-main");
        try {
            assertThat(ColonyJar.okAndValid(bob, "list_sessions", Map.of(), stderr).toString()).contains("alice-main");
        } finally {
            bob.closeGracefully();
        }

        ColonyJar.Result squatted = ColonyJar.runWithInput(dir.resolve("alice-run"), Map.of("COLONY_HOME",
                dir.resolve("home").toString()), INITIALIZE, "mcp", "--db", dir.resolve("colony.db").toString(),
                "--user", "alice", "--agent", "claude-code", "--session", "alice-main");

        assertThat(squatted.exitCode()).as(squatted.stderr()).isEqualTo(1);
        assertThat(squatted.stdout()).as("not even the handshake is answered").isEmpty();
        assertThat(squatted.stderr()).contains("colony: FORBIDDEN: session 'alice-main' belongs to another user");

        McpSyncClient alice = client("alice", "alice-own");
        try {
            JsonNode own = ColonyJar.okAndValid(alice, "list_sessions", Map.of(), stderr);
            assertThat(own.toString()).contains("alice-own");
            JsonNode refused = ToolResults.error(alice.callTool(CallToolRequest.builder("task_thread").arguments(
                    Map.of("repo_root", dir.toString(), "branch", "main", "session_id", "alice-main")).build()));
            assertThat(refused.get("code").asText()).as("a tool acts as the server's session only: nothing about bob's")
                    .isEqualTo("INVALID_ARGUMENT");
            assertThat(refused.get("field").asText()).isEqualTo("session_id");
            assertThat(refused.get("error").asText()).contains("is not a parameter of this tool");
        } finally {
            alice.closeGracefully();
        }
    }
}
