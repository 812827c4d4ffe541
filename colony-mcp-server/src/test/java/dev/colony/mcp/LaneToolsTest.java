package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.core.fixture.BusyStore;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hivemind}, {@code hivemind_context} and {@code attention_inbox} in-process on the busy store
 * (SQLite and Lucene), checked against their published output schemas, with the token budget the issue
 * sets: under 800 estimated tokens, max(words, chars / 4), of the text the agent receives.
 */
class LaneToolsTest {

    private static final int BUDGET = 800;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T09:00:00Z"));
    private Colony colony;
    private ColonyMcpServer reader;
    private BusyStore.Filled busy;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).clock(clock).build();
        busy = BusyStore.fill(colony, clock::advance);
        Session me = busy.reader();
        reader = new ColonyMcpServer(new ToolContext(colony, me.user(), me.agent(), me.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void theAttentionInboxOfABusyStoreStaysWithinItsBudgetAndSaysWhatItLeftOut() {
        JsonNode result = reader.call("attention_inbox", Map.of());
        String text = ToolResults.text(result);
        JsonNode inbox = ToolResults.okAndValid(reader, "attention_inbox", Map.of());

        assertThat(TokenBudget.estimate(text)).isLessThan(BUDGET);
        JsonNode summary = inbox.get("summary");
        assertThat(summary.get("unread_message_count").asInt()).isEqualTo(BusyStore.MESSAGES);
        assertThat(summary.get("blocking_message_count").asInt()).isPositive();
        assertThat(summary.get("blocked").asBoolean()).isTrue();
        assertThat(summary.get("next_action").asText()).contains("blocking");
        assertThat(summary.get("pending_handoff_count").asInt()).isEqualTo(10);
        assertThat(summary.get("blocker_count").asInt()).isEqualTo(20);
        assertThat(summary.get("stalled_lane_count").asInt()).isPositive();
        assertThat(inbox.get("unread_messages").get(0).get("urgency").asText()).isEqualTo("blocking");
        JsonNode message = inbox.get("unread_messages").get(0);
        assertThat(message.get("reply_tool").asText()).isEqualTo("task_message");
        assertThat(message.get("suggested_reply_args").get("reply_to").asLong()).isEqualTo(message.get("id").asLong());
        assertThat(inbox.get("pending_handoffs").get(0).get("accept_tool").asText()).isEqualTo("task_accept_handoff");
        JsonNode budget = inbox.get("budget");
        assertThat(budget.get("estimated_tokens_returned").asInt()).isEqualTo(TokenBudget.estimate(text));
        assertThat(budget.get("items_available").asInt())
                .isEqualTo(budget.get("items_returned").asInt() + budget.get("collapsed_count").asInt());
        assertThat(budget.get("collapsed_count").asInt()).isPositive();
        assertThat(budget.get("hydrate_with").asText()).isEqualTo("get_observations");
        assertThat(budget.get("why_collapsed").asText()).isNotBlank();
        assertThat(text).as("ids and previews only, never a whole message body").doesNotContain("since yesterday.");
    }

    @Test
    void hivemindContextOfABusyStoreStaysWithinItsBudgetAndPointsToTheInbox() {
        JsonNode result = reader.call("hivemind_context", Map.of("query", "refund ledger caching", "memory_limit", 10,
                "limit", 100));
        String text = ToolResults.text(result);
        JsonNode context = ToolResults.okAndValid(reader, "hivemind_context", Map.of("query", "refund ledger caching",
                "memory_limit", 10, "limit", 100));

        assertThat(TokenBudget.estimate(text)).isLessThan(BUDGET);
        assertThat(context.get("summary").get("next_action").asText()).contains("attention_inbox");
        assertThat(context.get("summary").get("must_check_attention").asBoolean()).isTrue();
        assertThat(context.get("summary").get("suggested_tools").get(0).asText()).isEqualTo("attention_inbox");
        assertThat(context.get("attention").get("unread_messages").asInt()).isEqualTo(BusyStore.MESSAGES);
        assertThat(context.get("attention").get("hydrate_with").asText()).isEqualTo("attention_inbox");
        assertThat(context.get("negative_warnings").size()).isPositive();
        context.get("negative_warnings").forEach(w -> assertThat(w.get("type").asText()).isEqualTo("failed_approach"));
        assertThat(context.get("lanes").size()).isPositive();
        assertThat(context.get("budget").get("estimated_tokens_returned").asInt()).isEqualTo(TokenBudget.estimate(text));
    }

    @Test
    void hivemindCountsEveryLaneAndListsTheLiveOnes() {
        JsonNode map = ToolResults.okAndValid(reader, "hivemind", Map.of());

        JsonNode counts = map.get("counts");
        int total = counts.get("working").asInt() + counts.get("thinking").asInt() + counts.get("idle").asInt()
                + counts.get("stalled").asInt() + counts.get("dead").asInt();
        assertThat(total).isEqualTo(8);
        assertThat(counts.get("stalled").asInt()).as("the agents that fell silent 20 minutes ago").isEqualTo(3);
        assertThat(counts.get("working").asInt()).isEqualTo(4);
        assertThat(map.get("session_count").asInt()).isEqualTo(8);
        JsonNode lane = map.get("sessions").get(0);
        assertThat(lane.get("activity").asText()).isIn("working", "thinking");
        assertThat(lane.get("task_id").asLong()).isPositive();
        assertThat(lane.get("claimed_file_count").asInt()).isPositive();
        JsonNode narrowed = ToolResults.okAndValid(reader, "hivemind", Map.of("repo_root", "/work/repo-0/./"));
        assertThat(narrowed.get("repo_roots")).extracting(JsonNode::asText).containsExactly("/work/repo-0");
        assertThat(ToolResults.error(reader.call("hivemind", Map.of("repo_root", "relative/path"))).get("field")
                .asText()).isEqualTo("repo_root");
    }

    @Test
    void aNonMemberSeesAnEmptyInboxAndNoLanesOfOthers() {
        Session bob = colony.sessions().ensure(SessionStart.of("bob", "claude-code"));
        ColonyMcpServer stranger = new ColonyMcpServer(new ToolContext(colony, bob.user(), bob.agent(), bob.id()));

        JsonNode inbox = ToolResults.okAndValid(stranger, "attention_inbox", Map.of());
        JsonNode map = ToolResults.okAndValid(stranger, "hivemind", Map.of("include_stale", true));

        for (String bucket : List.of("unread_messages", "pending_handoffs", "blockers", "stalled_lanes",
                "recent_other_claims", "file_heat")) {
            assertThat(inbox.get(bucket).size()).as(bucket).isZero();
        }
        assertThat(inbox.get("summary").get("unread_message_count").asInt()).isZero();
        assertThat(map.get("sessions")).extracting(s -> s.get("session_id").asText()).containsExactly(bob.id().value());
    }
}
