package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.core.Colony;
import dev.colony.core.fixture.BusyStore;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every listing tool's default answer on a busy store stays within the compact budget of about 800 estimated tokens,
 * and says in a budget object what it left out; an explicit limit still gets what it asks for.
 */
class CompactAnswersTest {

    private static final int COMPACT_TOKENS = 800;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T09:00:00Z"));
    private Colony colony;
    private ColonyMcpServer reader;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).clock(clock).build();
        Session me = BusyStore.fill(colony, clock::advance).reader();
        reader = new ColonyMcpServer(new ToolContext(colony, me.user(), me.agent(), me.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void theDefaultAnswersOfABusyStoreStayCompact() {
        Map<String, Map<String, Object>> calls = Map.ofEntries(Map.entry("list_sessions", Map.of()),
                Map.entry("init_core_memories", Map.of()), Map.entry("task_list", Map.of()),
                Map.entry("task_feed", Map.of()), Map.entry("hivemind", Map.of()),
                Map.entry("hivemind_context", Map.of()), Map.entry("attention_inbox", Map.of()),
                Map.entry("task_plan_list", Map.of()), Map.entry("task_ready_for_agent", Map.of()),
                Map.entry("startup_panel", Map.of()), Map.entry("rescue_stranded_scan", Map.of()),
                Map.entry("check_tasks", Map.of()), Map.entry("task_messages", Map.of()),
                Map.entry("signal", Map.of("action", "check")), Map.entry("savings_report", Map.of()),
                Map.entry("task_autopilot_tick", Map.of()));
        List<String> over = new ArrayList<>();
        for (Map.Entry<String, Map<String, Object>> call : calls.entrySet()) {
            String text = ToolResults.okAndValid(reader, call.getKey(), call.getValue()).toString();
            int tokens = TokenBudget.estimate(text);
            if (tokens > COMPACT_TOKENS) {
                over.add(call.getKey() + " " + tokens);
            }
        }
        assertThat(over).as("default answers over %s estimated tokens", COMPACT_TOKENS).isEmpty();
    }

    @Test
    void aCompactedListSaysWhatItLeftOutAndALimitGetsWhatItAsks() {
        JsonNode messages = ToolResults.okAndValid(reader, "task_messages", Map.of());
        assertThat(messages.get("budget").get("collapsed_count").asInt()).isPositive();
        assertThat(messages.get("budget").get("why_collapsed").asText()).contains("limit");
        int shown = messages.get("messages").size();
        JsonNode asked = ToolResults.okAndValid(reader, "task_messages", Map.of("limit", shown + 1));
        assertThat(asked.get("messages")).hasSize(shown + 1);
        assertThat(asked.has("budget")).isFalse();

        JsonNode scan = ToolResults.okAndValid(reader, "rescue_stranded_scan", Map.of());
        assertThat(scan.get("budget").get("collapsed_count").asInt()).isPositive();
    }
}
