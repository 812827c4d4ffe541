package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import dev.colony.tool.Toolset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spec change tools through the server, mounted as {@code default,spec}, on a real SQLite store and a fixture
 * repository: open, deltas, failures promoted once, archive (clean, blocked, refused as an error with the conflict
 * set), the hints they publish and bad arguments refused naming the field.
 */
class SpecChangeToolsTest {

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
    Path dir;

    private Colony colony;
    private ColonyMcpServer server;
    private Path repo;
    private String root;

    @BeforeEach
    void open() throws Exception {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        server = server("claude-code");
        repo = Files.createDirectory(dir.resolve("repo"));
        Files.writeString(repo.resolve("SPEC.md"), SPEC);
        root = repo.toString();
    }

    private ColonyMcpServer server(String agent) {
        Session session = colony.sessions().ensure(SessionStart.of("alice", agent));
        return new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()),
                ColonyMcpServer.tools(Toolset.parse("default,spec", "toolsets"), false));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void openDeltasFailuresAndArchiveThroughTheServer() throws Exception {
        JsonNode opened = ToolResults.okAndValid(server, "spec_change_open", Map.of("repo_root", root, "slug",
                "batch-size", "proposal", "Wire the batch size through."));
        assertThat(opened.get("path").asText()).isEqualTo("openspec/changes/batch-size/CHANGE.md");
        assertThat(opened.get("base_root_hash").asText()).hasSize(64);
        assertThat(opened.get("task_id").asLong()).isPositive();

        JsonNode first = ToolResults.okAndValid(server, "spec_change_add_delta", Map.of("repo_root", root, "slug",
                "batch-size", "op", "modify", "target", "V.3", "row_cells", List.of("the batch size comes from "
                        + "settings", "T.1")));
        JsonNode second = ToolResults.okAndValid(server, "spec_change_add_delta", Map.of("repo_root", root, "slug",
                "batch-size", "op", "add", "target", "V.5", "row_cells", List.of("sizes above 64 split", "V.3")));
        assertThat(first.get("delta_count").asInt()).isEqualTo(1);
        assertThat(second.get("delta_count").asInt()).isEqualTo(2);

        Map<String, Object> failure = Map.of("repo_root", root, "slug", "batch-size", "test_id",
                "BatchTest#sizes", "error", "AssertionError: 16 != 1 at Batch.java:42", "error_summary",
                "batch size ignored");
        JsonNode logged = ToolResults.okAndValid(server, "spec_build_record_failure", failure);
        JsonNode proposed = ToolResults.okAndValid(server("codex"), "spec_build_record_failure", failure);
        assertThat(logged.get("action").asText()).isEqualTo("logged");
        assertThat(logged.has("proposal_id")).isFalse();
        assertThat(proposed.get("action").asText()).isEqualTo("proposed");
        assertThat(proposed.get("match_count").asInt()).isEqualTo(2);
        assertThat(proposed.get("signature_hash").asText()).isEqualTo(logged.get("signature_hash").asText());
        JsonNode pending = ToolResults.okAndValid(server, "task_foraging_report", Map.of("repo_root",
                repo.toRealPath().toString(), "branch", "spec/batch-size"));
        assertThat(pending.get("pending")).hasSize(1);

        JsonNode archived = ToolResults.okAndValid(server, "spec_archive", Map.of("repo_root", root, "slug",
                "batch-size"));

        assertThat(archived.get("status").asText()).isEqualTo("archived");
        assertThat(archived.get("archived_path").asText()).startsWith("openspec/archive/").endsWith("-batch-size");
        assertThat(archived.get("conflicts")).isEmpty();
        assertThat(archived.get("applied")).extracting(JsonNode::asText).containsExactly("V.3", "V.5");
        assertThat(repo.resolve("SPEC.md")).hasContent(SPEC.replace("settings|-", "settings|T.1").replace(
                "V.4.always|no network call in tests|-\n",
                "V.4.always|no network call in tests|-\nV.5|sizes above 64 split|V.3\n"));
        assertThat(archived.get("merged_root_hash").asText()).isEqualTo(colony.specs().read(repo).rootHash());
        assertThat(repo.resolve(archived.get("archived_path").asText()).resolve("CHANGE.md")).exists();

        JsonNode again = ToolResults.error(server.call("spec_archive", Map.of("repo_root", root, "slug",
                "batch-size")));
        assertThat(again.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(again.get("error").asText()).contains("already archived at openspec/archive/");
    }

    @Test
    void aStrictArchiveFailsWithTheConflictSetAndAThreeWayOneIsBlocked() throws Exception {
        ToolResults.okAndValid(server, "spec_change_open", Map.of("repo_root", root, "slug", "batch-size"));
        ToolResults.okAndValid(server, "spec_change_add_delta", Map.of("repo_root", root, "slug", "batch-size", "op",
                "modify", "target", "V.3", "row_cells", List.of("from settings", "-")));
        String moved = SPEC.replace("V.3|the batch size comes from settings|-", "V.3|the batch size is fixed|-");
        Files.writeString(repo.resolve("SPEC.md"), moved);

        JsonNode refused = server.call("spec_archive", Map.of("repo_root", root, "slug", "batch-size", "strategy",
                "refuse_on_conflict"));
        JsonNode blocked = ToolResults.okAndValid(server, "spec_archive", Map.of("repo_root", root, "slug",
                "batch-size", "strategy", "three_way"));

        assertThat(refused.get("isError").asBoolean()).isTrue();
        JsonNode error = ToolResults.error(refused);
        assertThat(error.get("code").asText()).isEqualTo("CONFLICT");
        assertThat(error.get("status").asText()).isEqualTo("refused");
        assertThat(error.get("conflicts")).hasSize(1);
        assertThat(error.get("conflicts").get(0).get("target").asText()).isEqualTo("V.3");
        assertThat(error.get("conflicts").get(0).get("kind").asText()).isEqualTo("changed");
        assertThat(error.get("conflicts").get(0).get("root").asText()).isEqualTo("V.3|the batch size is fixed|-");
        assertThat(blocked.get("status").asText()).isEqualTo("blocked");
        assertThat(blocked.has("archived_path")).isFalse();
        assertThat(blocked.get("conflicts").get(0).get("op").asText()).isEqualTo("modify");
        assertThat(repo.resolve("SPEC.md")).hasContent(moved);
        assertThat(repo.resolve("openspec/changes/batch-size/CHANGE.md")).exists();
    }

    @Test
    void theToolsSayTheyWriteOutsideTheStoreAndAreNotIdempotent() {
        List<String> writing = List.of("spec_change_open", "spec_change_add_delta", "spec_build_record_failure",
                "spec_archive");
        List<JsonNode> tools = StreamSupport.stream(server.tools().spliterator(), false)
                .filter(tool -> writing.contains(tool.get("name").asText())).toList();
        assertThat(tools).extracting(tool -> tool.get("name").asText()).containsExactly("spec_change_open",
                "spec_change_add_delta", "spec_build_record_failure", "spec_archive");
        assertThat(tools).allSatisfy(tool -> {
            JsonNode hints = tool.get("annotations");
            assertThat(hints.path("readOnlyHint").asBoolean()).isFalse();
            assertThat(hints.path("idempotentHint").asBoolean()).isFalse();
            assertThat(hints.get("destructiveHint").asBoolean()).isFalse();
            assertThat(hints.get("openWorldHint").asBoolean()).isTrue();
            assertThat(tool.get("description").asText().length()).isLessThan(200);
        });
    }

    @Test
    void badArgumentsAreRefusedNamingTheFieldBeforeAnythingIsRecorded() throws Exception {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.writeString(shared.resolve("SPEC.md"), SPEC);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertRefused("spec_change_open", Map.of("repo_root", root, "slug", "Batch_Size"), "slug");
        assertRefused("spec_change_open", Map.of("repo_root", shared.toString(), "slug", "batch-size"), "repo_root");
        assertRefused("spec_change_open", Map.of("repo_root", "relative/repo", "slug", "batch-size"), "repo_root");
        ToolResults.okAndValid(server, "spec_change_open", Map.of("repo_root", root, "slug", "batch-size"));
        assertRefused("spec_change_add_delta", Map.of("repo_root", root, "slug", "batch-size", "op", "rename",
                "target", "V.3"), "op");
        assertRefused("spec_change_add_delta", Map.of("repo_root", root, "slug", "batch-size", "op", "modify",
                "target", "V.9", "row_cells", List.of("x")), "target");
        assertRefused("spec_archive", Map.of("repo_root", root, "slug", "batch-size", "strategy", "ours"),
                "strategy");
        assertRefused("spec_build_record_failure", Map.of("repo_root", root, "slug", "batch-size", "test_id", "t",
                "error", "e", "promote_after", 0), "promote_after");

        assertThat(shared.resolve("openspec")).doesNotExist();
        JsonNode threads = ToolResults.okAndValid(server, "task_list", Map.of());
        assertThat(threads.toString()).doesNotContain(shared.toString()).contains("spec/batch-size");
    }

    private void assertRefused(String tool, Map<String, Object> arguments, String field) {
        JsonNode error = ToolResults.error(server.call(tool, arguments));
        assertThat(error.get("field").asText()).as("%s: %s", tool, error).isEqualTo(field);
    }
}
