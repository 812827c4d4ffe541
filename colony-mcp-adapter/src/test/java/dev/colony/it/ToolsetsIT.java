package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.tool.ToolSpec;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that mounts part of the tool surface, through the jar: {@code --toolsets} (which wins over
 * {@code COLONY_TOOLSETS}) and {@code COLONY_TOOLSETS} alone choose what {@code tools/list} offers, the
 * instructions name no tool that is not mounted, the log counts what is served, and an unknown name stops the
 * server before it serves anything, with one line naming the valid names.
 */
class ToolsetsIT {

    private static final String VALID_NAMES = "memory, collections, coordination, plans, runs, metrics, spec";
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9_]*");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    @Test
    void theMemoryToolsetIsSmallHoldsTheCoreToolsAndIsAllTheInstructionsName() {
        McpSyncClient client = ColonyJar.mcpClientWithEnv(List.of("mcp", "--db", dir.resolve("colony.db").toString(),
                "--user", "alice", "--agent", "cursor", "--toolsets", "memory"), dir.resolve("home"), "cursor", stderr,
                Map.of("COLONY_TOOLSETS", "runs", "COLONY_EMBEDDING_MODEL", "none"));
        try {
            List<String> names = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
            assertThat(names).as("the option wins over COLONY_TOOLSETS").hasSizeLessThanOrEqualTo(20)
                    .contains("search", "get_observations", "memory_add")
                    .doesNotContain("spawn_task", "task_post", "task_plan_publish", "signal");
            assertThat(unmountedToolsNamedIn(client.getServerInstructions(), names)).isEmpty();
            assertThat(client.getServerInstructions()).contains("memory_add");
            JsonNode added = ColonyJar.okAndValid(client, "memory_add", Map.of("content",
                    "A server mounted with the memory toolset stores and finds memories."), stderr);
            assertThat(added.get("id").asLong()).isPositive();
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void colonyToolsetsAloneChoosesTheToolsAndTheLogCountsThem() throws Exception {
        String input = """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05",\
                "capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"tools/list"}
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"x"}}}
                """;
        ColonyJar.Result run = ColonyJar.runWithInput(dir.resolve("env-run"), Map.of("COLONY_HOME",
                dir.resolve("home").toString(), "COLONY_TOOLSETS", " Memory , runs", "COLONY_EMBEDDING_MODEL", "none"),
                input, "mcp", "--db", dir.resolve("colony.db").toString(), "--user", "alice");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode list = null;
        JsonNode instructions = null;
        for (String line : run.stdout().split("\n")) {
            JsonNode message = JSON.readTree(line);
            if (message.path("id").asInt() == 2) {
                list = message.get("result").get("tools");
            } else if (message.path("id").asInt() == 1) {
                instructions = message.get("result").get("instructions");
            }
        }
        assertThat(list).as(run.stdout()).isNotNull();
        List<String> names = new ArrayList<>();
        list.forEach(tool -> names.add(tool.get("name").asText()));
        assertThat(names).contains("search", "memory_add", "spawn_task", "await_tasks", "kill_task")
                .doesNotContain("task_post", "task_plan_publish", "collection_manage", "savings_report");
        assertThat(unmountedToolsNamedIn(instructions.asText(), names)).isEmpty();
        assertThat(run.stderr()).contains("serving " + names.size() + " tools (toolsets memory, runs)");
    }

    @Test
    void anUnknownToolsetStopsTheServerWithOneLineNamingTheValidOnes() throws Exception {
        ColonyJar.Result byOption = ColonyJar.run(dir.resolve("option-run"), Map.of("COLONY_HOME",
                dir.resolve("home").toString()), "mcp", "--db", dir.resolve("colony.db").toString(), "--toolsets",
                "memory,memroy");
        ColonyJar.Result byEnvironment = ColonyJar.run(dir.resolve("env-run"), Map.of("COLONY_HOME",
                dir.resolve("home").toString(), "COLONY_TOOLSETS", "signals"), "--db",
                dir.resolve("colony.db").toString());

        assertThat(byOption.exitCode()).as(byOption.stderr()).isEqualTo(1);
        assertThat(byOption.stdout()).isEmpty();
        assertThat(byOption.stderr().strip()).doesNotContain("\n")
                .isEqualTo("colony: INVALID_ARGUMENT: --toolsets: no toolset is named 'memroy'; the toolsets are "
                        + VALID_NAMES + " (or all, default)");
        assertThat(byEnvironment.exitCode()).as(byEnvironment.stderr()).isEqualTo(1);
        assertThat(byEnvironment.stdout()).isEmpty();
        assertThat(byEnvironment.stderr().strip()).doesNotContain("\n")
                .startsWith("colony: INVALID_ARGUMENT: COLONY_TOOLSETS: no toolset is named 'signals'")
                .contains(VALID_NAMES);
        assertThat(dir.resolve("colony.db")).as("no store is created").doesNotExist();
    }

    /** The names of tools a full server has that {@code text} names but {@code mounted} lacks. */
    private static Set<String> unmountedToolsNamedIn(String text, List<String> mounted) {
        Set<String> every = new HashSet<>();
        ColonyMcpServer.tools(true).stream().map(ToolSpec::name).forEach(every::add);
        Set<String> unmounted = new HashSet<>();
        Matcher words = WORD.matcher(text);
        while (words.find()) {
            if (every.contains(words.group()) && !mounted.contains(words.group())) {
                unmounted.add(words.group());
            }
        }
        return unmounted;
    }
}
