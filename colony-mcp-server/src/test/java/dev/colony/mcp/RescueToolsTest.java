package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rescue tools called in-process on a real SQLite store with a clock the test moves, every result checked
 * against the tool's output schema: a scan that changes nothing, a run refused without confirm, then a run
 * whose relay another agent accepts.
 */
class RescueToolsTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T08:00:00Z"));
    private Colony colony;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).clock(clock).build();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aSilentSessionsFilesAreRelayedOnlyOnceConfirmed() {
        ColonyMcpServer codex = ToolResults.server(colony, "alice", "codex");
        long task = ToolResults.okAndValid(codex, "task_thread", Map.of("repo_root", "/work/shop", "branch",
                "feature/cache")).get("task_id").asLong();
        ToolResults.okAndValid(codex, "task_claim_file", Map.of("task_id", task, "file_path", "src/cache.ts"));
        clock.advance(Duration.ofMinutes(30));
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");

        JsonNode early = ToolResults.okAndValid(claude, "rescue_stranded_scan", Map.of("stranded_after_minutes",
                45));
        JsonNode scan = ToolResults.okAndValid(claude, "rescue_stranded_scan", Map.of());
        JsonNode refused = ToolResults.error(claude.call("rescue_stranded_run", Map.of()));

        assertThat(early.get("rescued")).isEmpty();
        assertThat(scan.get("dry_run").asBoolean()).isTrue();
        assertThat(scan.get("stranded").get(0).get("silent_minutes").asLong()).isEqualTo(30);
        JsonNode entry = scan.get("rescued").get(0);
        assertThat(entry.get("task_id").asLong()).isEqualTo(task);
        assertThat(entry.get("files").get(0).asText()).isEqualTo("src/cache.ts");
        assertThat(entry.get("blocking_urgency").asText()).isEqualTo("low");
        assertThat(entry.get("message_attention_state").asText()).isEqualTo("none");
        assertThat(entry.has("relay_observation_id")).isFalse();
        assertThat(entry.has("plan_slug")).isFalse();
        assertThat(refused.get("code").asText()).isEqualTo("RESCUE_CONFIRM_REQUIRED");
        assertThat(refused.get("field").asText()).isEqualTo("confirm");

        JsonNode run = ToolResults.okAndValid(claude, "rescue_stranded_run", Map.of("confirm", true));

        assertThat(run.get("dry_run").asBoolean()).isFalse();
        long relay = run.get("rescued").get(0).get("relay_observation_id").asLong();
        ColonyMcpServer gemini = ToolResults.server(colony, "alice", "gemini");
        ToolResults.okAndValid(gemini, "task_thread", Map.of("repo_root", "/work/shop", "branch", "feature/cache"));
        JsonNode accepted = ToolResults.okAndValid(gemini, "task_accept_relay", Map.of("relay_observation_id", relay));
        assertThat(accepted.toString()).contains("src/cache.ts");
        assertThat(ToolResults.okAndValid(claude, "rescue_stranded_scan", Map.of()).get("rescued")).isEmpty();
    }
}
