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
 * The proposal tools called in-process on a real SQLite store, every result checked against the tool's output
 * schema: propose, reinforce until promoted, the report before and after, and refused arguments.
 */
class ProposalToolsTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private Colony colony;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aProposalBackedByThreeAgentTypesBecomesATaskThread() {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");
        JsonNode proposed = ToolResults.okAndValid(claude, "task_propose", Map.of("repo_root", REPO, "branch", "main",
                "summary", "Extract a shared walk helper", "rationale", "Three call sites reimplement it",
                "touches_files", List.of("src/walk.ts", "src/cli.ts", "src/mcp.ts", "src/index.ts")));
        long id = proposed.get("proposal_id").asLong();
        assertThat(proposed.get("strength").asDouble()).isEqualTo(1.0);
        assertThat(proposed.get("promotion_threshold").asDouble()).isEqualTo(2.5);
        assertThat(proposed.has("task_id")).isFalse();

        JsonNode pending = ToolResults.okAndValid(claude, "task_foraging_report", Map.of("repo_root", REPO,
                "branch", "main"));
        assertThat(pending.get("pending")).hasSize(1);
        assertThat(pending.get("pending").get(0).get("touches_files")).hasSize(3);
        assertThat(pending.get("pending").get(0).get("file_count").asInt()).isEqualTo(4);
        assertThat(pending.get("pending").get(0).get("reinforcement_count").asInt()).isEqualTo(1);

        JsonNode codex = ToolResults.okAndValid(ToolResults.server(colony, "alice", "codex"), "task_reinforce",
                Map.of("proposal_id", id, "kind", "rediscovered"));
        assertThat(codex.get("strength").asDouble()).isEqualTo(2.2);
        assertThat(codex.get("promoted").asBoolean()).isFalse();
        JsonNode cursor = ToolResults.okAndValid(ToolResults.server(colony, "alice", "cursor"), "task_reinforce",
                Map.of("proposal_id", id));
        assertThat(cursor.get("promoted").asBoolean()).isTrue();
        assertThat(cursor.get("branch").asText()).isEqualTo("main/proposal-" + id);
        assertThat(cursor.get("next").asText()).contains("Promoted now");

        JsonNode report = ToolResults.okAndValid(claude, "task_foraging_report", Map.of("repo_root", REPO,
                "branch", "main"));
        assertThat(report.get("pending")).isEmpty();
        assertThat(report.get("promoted").get(0).get("task_id").asLong()).isEqualTo(cursor.get("task_id").asLong());
        assertThat(report.get("promoted").get(0).get("reinforcement_count").asInt()).isEqualTo(3);
    }

    @Test
    void badArgumentsAreRefusedNamingTheField() {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");

        JsonNode kind = ToolResults.error(claude.call("task_reinforce", Map.of("proposal_id", 1, "kind", "strong")));
        JsonNode missing = ToolResults.error(claude.call("task_reinforce", Map.of("proposal_id", 7)));
        JsonNode summary = ToolResults.error(claude.call("task_propose", Map.of("repo_root", REPO, "branch",
                "main")));
        JsonNode limit = ToolResults.error(claude.call("task_foraging_report", Map.of("repo_root", REPO, "branch",
                "main", "limit", 0)));

        assertThat(kind.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(kind.get("field").asText()).isEqualTo("kind");
        assertThat(missing.get("code").asText()).isEqualTo("PROPOSAL_NOT_FOUND");
        assertThat(summary.get("field").asText()).isEqualTo("summary");
        assertThat(limit.get("field").asText()).isEqualTo("limit");
    }
}
