package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.TokenBudget;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** savings_report on a real SQLite store: the caller's own calls per tool with failures and cost, and the model. */
class SavingsReportToolTest {

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer alice;
    private ColonyMcpServer bob;

    @BeforeEach
    void open() {
        // A clock that stands still: every call falls in the report's own millisecond, which the window includes.
        colony = Colony.builder().clock(Clock.fixed(Instant.parse("2026-11-26T08:00:00Z"), ZoneOffset.UTC))
                .storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        alice = ToolResults.server(colony, "alice", "claude-code");
        bob = ToolResults.server(colony, "bob", "codex");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void theCallersOwnCallsAreCountedPerToolWithFailuresAndCost() {
        ToolResults.okAndValid(alice, "memory_add", Map.of("content", "Deploys run at noon"));
        ToolResults.okAndValid(alice, "memory_add", Map.of("content", "Rollbacks take five minutes"));
        ToolResults.error(alice.call("memory_retrieve", Map.of("ids", List.of(999))));
        ToolResults.okAndValid(bob, "memory_add", Map.of("content", "Bob's own note"));

        JsonNode report = ToolResults.okAndValid(alice, "savings_report", Map.of("input_usd_per_1m", 2.0,
                "output_usd_per_1m", 10.0, "detail", true));

        JsonNode live = report.get("live");
        assertThat(live.get("totals").get("calls").asInt()).as("alice's three calls, not bob's").isEqualTo(3);
        assertThat(live.get("totals").get("error_count").asInt()).isEqualTo(1);
        assertThat(live.get("totals").get("error_reasons").get(0).get("error_code").asText()).isEqualTo("NOT_FOUND");
        assertThat(live.get("operations")).extracting(op -> op.get("operation").asText())
                .containsExactlyInAnyOrder("memory_add", "memory_retrieve");
        assertThat(live.get("cost_basis").get("configured").asBoolean()).isTrue();
        assertThat(live.get("totals").get("total_cost_usd").asDouble()).isPositive();
        assertThat(live.get("window").get("hours").asDouble()).isEqualTo(24.0);
        JsonNode reference = report.get("reference");
        assertThat(reference.get("rows")).hasSizeGreaterThan(3);
        assertThat(reference.get("totals").get("savings_pct").asInt()).isBetween(1, 99);
        JsonNode only = ToolResults.okAndValid(alice, "savings_report", Map.of("operation", "memory_retrieve"));
        assertThat(only.get("live").get("totals").get("calls").asInt()).isEqualTo(1);
        assertThat(only.get("live").get("cost_basis").get("configured").asBoolean()).isFalse();
    }

    @Test
    void theDefaultReportStaysCompactAndDetailListsEveryTool() {
        List<String> tools = List.of("search", "get_observations", "timeline", "list_sessions",
                "memory_retrieve", "memory_search", "task_feed", "task_list", "hivemind", "attention_inbox",
                "startup_panel", "bridge_status", "task_plan_list", "rescue_stranded_scan", "task_foraging_report");
        for (String tool : tools) {
            alice.call(tool, Map.of());
        }

        JsonNode report = ToolResults.okAndValid(alice, "savings_report", Map.of());
        String text = report.toString();
        assertThat(TokenBudget.estimate(text)).as("the default answer, %s chars", text.length())
                .isLessThanOrEqualTo(800);
        assertThat(report.get("live").get("totals").get("calls").asInt()).isEqualTo(tools.size());
        assertThat(report.get("budget").get("items_available").asInt()).isEqualTo(tools.size());
        assertThat(report.get("budget").get("collapsed_count").asInt()).isPositive();
        assertThat(report.get("budget").get("why_collapsed").asText()).contains("detail");
        assertThat(report.get("reference").has("rows")).as("the model's rows come with detail").isFalse();

        JsonNode detail = ToolResults.okAndValid(alice, "savings_report", Map.of("detail", true));
        assertThat(detail.get("live").get("operations").size()).isGreaterThanOrEqualTo(tools.size());
        assertThat(detail.get("reference").get("rows")).hasSizeGreaterThan(3);
        assertThat(detail.has("budget")).isFalse();
    }
}
