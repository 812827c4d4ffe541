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
 * The guidance tools on a real SQLite store, every result checked against the tool's output schema:
 * task_suggest_approach over past threads, and the suggested candidates of a handoff to any agent.
 */
class GuidanceToolsTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer codex;
    private ColonyMcpServer claude;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        codex = ToolResults.server(colony, "alice", "codex");
        claude = ToolResults.server(colony, "alice", "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void pastThreadsTeachFilesAndWarningsWithoutTheirBodies() {
        long task = ToolResults.okAndValid(codex, "task_thread", Map.of("repo_root", REPO, "branch",
                "feature/widgets")).get("task_id").asLong();
        ToolResults.okAndValid(codex, "task_claim_file", Map.of("task_id", task, "file_path", "web/Widget.tsx"));
        String warning = "Rendering widgets on the server broke hydration; render them on the client. "
                + "The long explanation of why goes on for a while so that only its first words may be shown.";
        ToolResults.okAndValid(codex, "task_post", Map.of("task_id", task, "kind", "failed_approach", "content",
                warning));

        JsonNode advice = ToolResults.okAndValid(claude, "task_suggest_approach", Map.of("query",
                "widget hydration rendering", "repo_root", REPO));

        assertThat(advice.get("similar_tasks").get(0).get("task_id").asLong()).isEqualTo(task);
        assertThat(advice.get("first_files_likely_claimed").get(0).get("file_path").asText())
                .isEqualTo("web/Widget.tsx");
        JsonNode pattern = advice.get("patterns_to_watch").get(0);
        assertThat(pattern.get("kind").asText()).isEqualTo("failed_approach");
        assertThat(pattern.get("description").asText()).hasSizeLessThanOrEqualTo(100).isNotEqualTo(warning);
        assertThat(advice.get("insufficient_data_reason").isNull()).isTrue();
        JsonNode none = ToolResults.okAndValid(claude, "task_suggest_approach", Map.of("query", "widget hydration",
                "current_task_id", task));
        assertThat(none.get("similar_tasks")).isEmpty();
        assertThat(none.get("insufficient_data_reason").asText()).isNotBlank();
        assertThat(ToolResults.error(claude.call("task_suggest_approach", Map.of())).get("field").asText())
                .isEqualTo("query");
    }

    @Test
    void aHandoffToAnyAgentSuggestsLiveAgentTypesThatFitItsFiles() {
        ToolResults.okAndValid(claude, "agent_upsert_profile", Map.of("agent", "claude", "capabilities",
                Map.of("ui_work", 0.9)));
        long task = ToolResults.okAndValid(codex, "task_thread", Map.of("repo_root", REPO, "branch",
                "feature/widgets")).get("task_id").asLong();
        ToolResults.okAndValid(codex, "task_claim_file", Map.of("task_id", task, "file_path", "web/Widget.tsx"));

        JsonNode broadcast = ToolResults.okAndValid(codex, "task_hand_off", Map.of("task_id", task, "summary",
                "The widget page renders; styling is left", "transferred_files", List.of("web/Widget.tsx")));
        JsonNode addressed = ToolResults.okAndValid(codex, "task_hand_off", Map.of("task_id", task, "to_agent",
                "claude", "summary", "Same work, addressed"));

        JsonNode first = broadcast.get("suggested_candidates").get(0);
        assertThat(first.get("agent").asText()).isEqualTo("claude");
        assertThat(first.get("capability").asText()).isEqualTo("ui_work");
        assertThat(first.get("fit_score").asDouble()).isEqualTo(0.9);
        assertThat(addressed.has("suggested_candidates")).isFalse();
    }
}
