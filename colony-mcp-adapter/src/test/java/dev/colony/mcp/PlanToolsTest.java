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
 * The plan tools called in-process on a real SQLite store, every result checked against the tool's output
 * schema: validate, publish, list (compact and full), claim, complete with auto-archive, block and reopen.
 */
class PlanToolsTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer claude;
    private ColonyMcpServer codex;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        claude = ToolResults.server(colony, "alice", "claude-code");
        codex = ToolResults.server(colony, "alice", "codex");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private static JsonNode ok(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(on, tool, arguments);
    }

    private static JsonNode error(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.error(on.call(tool, arguments));
    }

    private static List<Map<String, Object>> subtasks() {
        return List.of(
                Map.of("title", "Build the widget API", "file_scope", List.of("api/widgets.ts"), "capability_hint",
                        "api_work"),
                Map.of("title", "Build the widget page", "file_scope", List.of("web/widgets.tsx"), "depends_on",
                        List.of(0), "capability_hint", "ui_work"));
    }

    @Test
    void aPlanIsValidatedPublishedClaimedCompletedAndArchived() {
        JsonNode clean = ok(claude, "task_plan_validate", Map.of("repo_root", REPO, "subtasks", subtasks()));
        JsonNode overlapping = ok(claude, "task_plan_validate", Map.of("repo_root", REPO, "subtasks", List.of(
                Map.of("title", "A", "file_scope", List.of("shared.ts")),
                Map.of("title", "B", "file_scope", List.of("shared.ts")))));
        assertThat(clean.get("partition_clean").asBoolean()).isTrue();
        assertThat(clean.get("waves")).extracting(JsonNode::asInt).containsExactly(0, 1);
        assertThat(overlapping.get("partition_clean").asBoolean()).isFalse();
        assertThat(overlapping.get("ordered_wave_errors").get(0).get("code").asText())
                .isEqualTo("PLAN_WAVE_SCOPE_OVERLAP");

        JsonNode published = ok(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "widgets", "title",
                "Add the widget page", "subtasks", subtasks(), "auto_archive", true, "archive_grace_seconds", 0));
        assertThat(published.get("plan_slug").asText()).isEqualTo("widgets");
        assertThat(published.get("subtasks").get(1).get("branch").asText()).isEqualTo("spec/widgets/sub-1");
        assertThat(published.get("next_available")).extracting(JsonNode::asInt).containsExactly(0);
        JsonNode refused = error(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "widgets", "title",
                "Again", "subtasks", subtasks()));
        assertThat(refused.get("code").asText()).isEqualTo("DUPLICATE");
        assertThat(refused.get("field").asText()).isEqualTo("slug");

        JsonNode compact = ok(codex, "task_plan_list", Map.of()).get("plans").get(0);
        assertThat(compact.has("subtasks")).as("compact by default").isFalse();
        assertThat(compact.get("subtask_counts").get("available").asInt()).isEqualTo(2);
        assertThat(compact.get("next_available")).extracting(JsonNode::asInt).containsExactly(0);

        JsonNode claimed = ok(codex, "task_plan_claim_subtask", Map.of("plan_slug", "widgets", "subtask_index", 0));
        assertThat(claimed.get("branch").asText()).isEqualTo("spec/widgets/sub-0");
        assertThat(claimed.get("file_scope")).extracting(JsonNode::asText).containsExactly("api/widgets.ts");
        JsonNode taken = error(claude, "task_plan_claim_subtask", Map.of("plan_slug", "widgets", "subtask_index", 0));
        assertThat(taken.get("code").asText()).isEqualTo("PLAN_SUBTASK_NOT_AVAILABLE");
        JsonNode early = error(claude, "task_plan_claim_subtask", Map.of("plan_slug", "widgets", "subtask_index", 1));
        assertThat(early.get("code").asText()).isEqualTo("PLAN_SUBTASK_DEPS_UNMET");
        assertThat(error(claude, "task_plan_complete_subtask", Map.of("plan_slug", "widgets", "subtask_index", 0))
                .get("code").asText()).isEqualTo("PLAN_SUBTASK_NOT_YOURS");

        JsonNode first = ok(codex, "task_plan_complete_subtask", Map.of("plan_slug", "widgets", "subtask_index", 0,
                "summary", "GET /api/widgets serves rows"));
        assertThat(first.get("status").asText()).isEqualTo("completed");
        assertThat(first.get("unlocked")).extracting(JsonNode::asInt).containsExactly(1);
        assertThat(first.get("auto_archive").get("status").asText()).isEqualTo("skipped");

        JsonNode full = ok(claude, "task_plan_list", Map.of("include_subtasks", true)).get("plans").get(0);
        assertThat(full.get("subtasks").get(0).get("status").asText()).isEqualTo("completed");
        assertThat(full.get("subtasks").get(0).get("claimed_by_agent").asText()).isEqualTo("codex");
        ok(claude, "task_plan_claim_subtask", Map.of("plan_slug", "widgets", "subtask_index", 1));
        JsonNode last = ok(claude, "task_plan_complete_subtask", Map.of("plan_slug", "widgets", "subtask_index", 1));
        assertThat(last.get("auto_archive").get("status").asText()).isEqualTo("archived");
        assertThat(ok(claude, "task_plan_list", Map.of()).get("plans")).isEmpty();
        assertThat(ok(claude, "task_plan_list", Map.of("include_archived", true)).get("plans").get(0)
                .get("registry_status").asText()).isEqualTo("archived");
    }

    @Test
    void aBlockedSubtaskIsShownWithWhatItHoldsBackAndCanBeReopened() {
        ok(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "blocky", "title", "Blocky", "subtasks",
                subtasks()));

        JsonNode blocked = ok(claude, "task_plan_block_subtask", Map.of("plan_slug", "blocky", "subtask_index", 0,
                "reason", "the widgets table is missing"));
        JsonNode noReason = error(claude, "task_plan_block_subtask", Map.of("plan_slug", "blocky", "subtask_index", 1));

        assertThat(blocked.get("status").asText()).isEqualTo("blocked");
        assertThat(noReason.get("field").asText()).isEqualTo("reason");
        JsonNode plan = ok(codex, "task_plan_list", Map.of()).get("plans").get(0);
        assertThat(plan.get("blocked")).extracting(JsonNode::asText).containsExactly("0 <- [1]");
        assertThat(plan.get("next_available")).isEmpty();
        assertThat(ok(codex, "task_plan_list", Map.of()).get("next").asText()).contains("Nothing is claimable");
        JsonNode reopened = ok(codex, "task_plan_block_subtask", Map.of("plan_slug", "blocky", "subtask_index", 0,
                "reopen", true));
        assertThat(reopened.get("status").asText()).isEqualTo("available");
        assertThat(error(codex, "task_plan_claim_subtask", Map.of("plan_slug", "nowhere", "subtask_index", 0))
                .get("code").asText()).isEqualTo("PLAN_SUBTASK_NOT_FOUND");
    }
}
