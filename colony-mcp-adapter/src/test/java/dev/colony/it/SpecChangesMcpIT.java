package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spec change through two {@code colony-mcp.jar} processes mounting {@code default,spec}, driven by the SDK's
 * stdio client, on a fixture repository (a SPEC.md with §G §C §I §V §T §B): open, a delta, a strict archive
 * refused as an error once the root moved, then both processes archive at the same moment: exactly one does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpecChangesMcpIT {

    private static final String SPEC = """
            # SPEC

            ## §G  goal
            Embed documents in batches.

            ## §C  constraints
            - Java 17.

            ## §I  interfaces
            - `Embedder.embed(List<String>)`

            ## §V  invariants
            id|rule|cites
            -|-|-
            V.1|an empty batch embeds nothing|-
            V.3|the batch size comes from settings|-
            V.4.always|no network call in tests|-

            ## §T  tasks
            id|status|task|cites
            -|-|-|-
            T.1|.|wire the batch size|V.3

            ## §B  bugs
            id|date|cause|fix
            -|-|-|-
            B.1|2026-01-02|order lost on retry|index per item
            """;

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient claude;
    private McpSyncClient codex;

    @BeforeAll
    void start() {
        claude = client("claude-code", "claude-spec-it");
        codex = client("codex", "codex-spec-it");
    }

    @AfterAll
    void stop() {
        for (McpSyncClient client : new McpSyncClient[] {claude, codex}) {
            if (client != null) {
                client.closeGracefully();
            }
        }
    }

    private McpSyncClient client(String agent, String session) {
        return ColonyJar.mcpClient(List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user", "alice",
                "--agent", agent, "--session", session, "--toolsets", "default,spec"), dir.resolve("home"), agent,
                stderr);
    }

    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    private static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(CallToolRequest.builder(tool).arguments(arguments).build());
    }

    @Test
    void openDeltaRefusedStrictArchiveThenARaceOfTwoProcessesArchivesOnce() throws Exception {
        Path repo = Files.createDirectory(dir.resolve("repo"));
        Files.writeString(repo.resolve("SPEC.md"), SPEC);
        String root = repo.toString();

        JsonNode opened = ok(claude, "spec_change_open", Map.of("repo_root", root, "slug", "batch-size", "proposal",
                "Wire the batch size through."));
        assertThat(opened.get("path").asText()).isEqualTo("openspec/changes/batch-size/CHANGE.md");
        assertThat(ok(codex, "spec_change_add_delta", Map.of("repo_root", root, "slug", "batch-size", "op", "modify",
                "target", "V.3", "row_cells", List.of("the batch size comes from settings", "T.1")))
                .get("delta_count").asInt()).isEqualTo(1);
        Files.writeString(repo.resolve("SPEC.md"), SPEC.replace("T.1|.|", "T.1|x|"));

        CallToolResult strict = call(claude, "spec_archive", Map.of("repo_root", root, "slug", "batch-size",
                "strategy", "refuse_on_conflict"));
        assertThat(strict.isError()).isFalse();
        assertThat(ToolResults.ok(strict, "strict").get("status").asText()).as("T.1 is no target: clean")
                .isEqualTo("archived");
        // A second change whose target the root then moves: strict refuses it as an error, writing nothing.
        ok(claude, "spec_change_open", Map.of("repo_root", root, "slug", "order"));
        ok(claude, "spec_change_add_delta", Map.of("repo_root", root, "slug", "order", "op", "add", "target", "V.5",
                "row_cells", List.of("vectors keep the input order", "-")));
        String moved = Files.readString(repo.resolve("SPEC.md")).replace("V.4.always|no network call in tests|-\n",
                "V.4.always|no network call in tests|-\nV.5|order is kept per batch|-\n");
        Files.writeString(repo.resolve("SPEC.md"), moved);
        CallToolResult refused = call(codex, "spec_archive", Map.of("repo_root", root, "slug", "order", "strategy",
                "refuse_on_conflict"));
        assertThat(refused.isError()).isTrue();
        JsonNode error = ToolResults.error(refused);
        assertThat(error.get("status").asText()).isEqualTo("refused");
        assertThat(error.get("conflicts").get(0).get("kind").asText()).isEqualTo("added");
        assertThat(repo.resolve("SPEC.md")).hasContent(moved);

        CyclicBarrier together = new CyclicBarrier(2);
        Map<String, Object> archive = Map.of("repo_root", root, "slug", "order", "strategy", "last_writer_wins");
        CompletableFuture<CallToolResult> first = CompletableFuture.supplyAsync(() -> race(together, claude,
                archive));
        CompletableFuture<CallToolResult> second = CompletableFuture.supplyAsync(() -> race(together, codex,
                archive));
        CallToolResult a = first.get(60, TimeUnit.SECONDS);
        CallToolResult b = second.get(60, TimeUnit.SECONDS);

        assertThat(List.of(Boolean.TRUE.equals(a.isError()), Boolean.TRUE.equals(b.isError())))
                .as("server stderr: %s", stderr).containsExactlyInAnyOrder(true, false);
        CallToolResult won = Boolean.TRUE.equals(a.isError()) ? b : a;
        CallToolResult lost = won == a ? b : a;
        JsonNode archived = ToolResults.ok(won, "winner");
        assertThat(archived.get("status").asText()).isEqualTo("archived");
        assertThat(archived.get("conflicts").get(0).get("root").asText()).isEqualTo("V.5|order is kept per batch|-");
        JsonNode loser = ToolResults.error(lost);
        assertThat(loser.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(loser.get("error").asText()).contains("already archived at "
                + archived.get("archived_path").asText());
        assertThat(repo.resolve("SPEC.md")).hasContent(moved.replace("V.5|order is kept per batch|-",
                "V.5|vectors keep the input order|-"));
    }

    private static CallToolResult race(CyclicBarrier together, McpSyncClient client, Map<String, Object> arguments) {
        try {
            together.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return call(client, "spec_archive", arguments);
    }
}
