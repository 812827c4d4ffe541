package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * queen_plan_goal on a real SQLite store, every result checked against the tool's output schema: a dry run
 * writes nothing, a publication is listed and claimable, the same goal again gets the next slug, bad input
 * names its field.
 */
class QueenPlanGoalToolTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer claude;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        claude = ToolResults.server(colony, "alice", "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private static Map<String, Object> goal(boolean dryRun) {
        return Map.of("goal_title", "Document every MCP tool", "repo_root", REPO, "acceptance_criteria",
                List.of("Each live tool has a docs section"), "affected_files", List.of("docs/mcp.md",
                        "src/tools/Catalog.java", "src/tools/CatalogTest.java"), "dry_run", dryRun);
    }

    @Test
    void aDryRunShowsThePlanAndAPublicationMakesItClaimable() {
        JsonNode dry = ToolResults.okAndValid(claude, "queen_plan_goal", goal(true));

        assertThat(dry.get("dry_run").asBoolean()).isTrue();
        assertThat(dry.get("plan_slug").asText()).isEqualTo("document-every-mcp-tool");
        assertThat(dry.has("spec_task_id")).isFalse();
        assertThat(dry.get("subtasks")).hasSize(4);
        assertThat(dry.get("plan_validation").get("partition_clean").asBoolean()).isTrue();
        assertThat(dry.get("mcp_capability_map").get("test_work")).hasSize(2);
        assertThat(ToolResults.okAndValid(claude, "task_plan_list", Map.of()).get("plans")).as("nothing written")
                .isEmpty();

        JsonNode published = ToolResults.okAndValid(claude, "queen_plan_goal", goal(false));
        JsonNode again = ToolResults.okAndValid(claude, "queen_plan_goal", goal(false));

        assertThat(published.get("spec_task_id").asLong()).isPositive();
        assertThat(again.get("plan_slug").asText()).isEqualTo("document-every-mcp-tool-2");
        JsonNode claimed = ToolResults.okAndValid(ToolResults.server(colony, "alice", "codex"),
                "task_plan_claim_subtask", Map.of("plan_slug", "document-every-mcp-tool", "subtask_index", 0));
        assertThat(claimed.get("file_scope").get(0).asText()).isEqualTo("src/tools/Catalog.java");
        assertThat(ToolResults.error(claude.call("queen_plan_goal", Map.of("goal_title", "x", "repo_root", REPO,
                "affected_files", List.of("../outside.txt")))).get("field").asText()).isEqualTo("affected_files[0]");
        assertThat(ToolResults.error(claude.call("queen_plan_goal", Map.of("repo_root", REPO))).get("field")
                .asText()).isEqualTo("goal_title");
    }
}
