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
 * startup_panel and bridge_status on a real SQLite store, every result checked against the tool's output schema
 * and the compact budget: the caller's thread, files and working note; a blocking message; ready plan work and
 * the next call written out.
 */
class RuntimeToolsTest {

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
    void theInboxTheTickAndTheCardAgreeOnWhatNeedsYou() {
        long task = ToolResults.okAndValid(codex, "task_thread", Map.of("repo_root", REPO, "branch",
                "feature/cache")).get("task_id").asLong();
        assertQuiet();

        long message = ToolResults.okAndValid(claude, "task_message", Map.of("task_id", task, "to_agent", "codex",
                "content", "Which TTL should the tenant cache use?", "urgency", "needs_reply"))
                .get("message_observation_id").asLong();
        JsonNode inbox = ToolResults.okAndValid(codex, "attention_inbox", Map.of());
        JsonNode tick = ToolResults.okAndValid(codex, "task_autopilot_tick", Map.of());
        JsonNode card = ToolResults.okAndValid(codex, "startup_panel", Map.of());

        assertThat(inbox.get("unread_messages")).singleElement()
                .satisfies(item -> assertThat(item.get("id").asLong()).isEqualTo(message));
        assertThat(inbox.get("summary").get("next_action").asText()).startsWith("Reply to the messages awaiting");
        assertThat(tick.get("decision").asText()).isEqualTo("reply_message");
        assertThat(tick.get("next_args").get("message_observation_id").asLong()).isEqualTo(message);
        assertThat(card.get("blocking_items")).singleElement().satisfies(item -> {
            assertThat(item.get("kind").asText()).isEqualTo("reply_message");
            assertThat(item.get("id").asLong()).isEqualTo(message);
        });
        assertThat(card.get("recommended_next_tool").asText()).isEqualTo("task_message_mark_read");

        ToolResults.okAndValid(codex, "task_message_mark_read", Map.of("message_observation_id", message));
        assertQuiet();
    }

    /** Nothing waits for codex: the inbox, the tick and the card all say so. */
    private void assertQuiet() {
        JsonNode inbox = ToolResults.okAndValid(codex, "attention_inbox", Map.of());
        JsonNode tick = ToolResults.okAndValid(codex, "task_autopilot_tick", Map.of());
        JsonNode card = ToolResults.okAndValid(codex, "startup_panel", Map.of());
        assertThat(inbox.get("summary").get("next_action").asText()).startsWith("Nothing needs you");
        assertThat(tick.get("decision").asText()).isEqualTo("no_op");
        assertThat(card.get("blocking_items")).isEmpty();
        assertThat(card.has("recommended_next_tool")).isFalse();
    }

    @Test
    void theCardShowsTheThreadTheNoteWhatWaitsAndTheNextCall() {
        long task = ToolResults.okAndValid(codex, "task_thread", Map.of("repo_root", REPO, "branch",
                "feature/cache")).get("task_id").asLong();
        ToolResults.okAndValid(codex, "task_claim_file", Map.of("task_id", task, "file_path", "src/cache.ts"));
        ToolResults.okAndValid(codex, "task_note_working", Map.of("content", "branch=feature/cache; task=cache; "
                + "blocker=none; next=run the cache tests; evidence=src/cache.test.ts"));

        JsonNode quiet = ToolResults.okAndValid(codex, "startup_panel", Map.of("repo_root", REPO));

        assertThat(quiet.get("active_task").get("task_id").asLong()).isEqualTo(task);
        assertThat(quiet.get("branch").asText()).isEqualTo("feature/cache");
        assertThat(quiet.get("claimed_files")).extracting(JsonNode::asText).containsExactly("src/cache.ts");
        assertThat(quiet.get("next").asText()).isEqualTo("run the cache tests");
        assertThat(quiet.get("evidence").asText()).isEqualTo("src/cache.test.ts");
        assertThat(quiet.get("inbox_count").asInt()).isZero();
        assertThat(quiet.get("warnings")).isEmpty();
        assertThat(quiet.has("ready_task")).isFalse();

        ToolResults.okAndValid(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "widgets", "title",
                "Widgets", "subtasks", List.of(
                        Map.of("title", "Build the widget API", "file_scope", List.of("api/widgets.ts")),
                        Map.of("title", "Build the widget page", "file_scope", List.of("web/widgets.tsx")))));
        ToolResults.okAndValid(claude, "task_message", Map.of("task_id", task, "to_agent", "codex", "content",
                "Is the cache keyed by tenant?", "urgency", "blocking"));
        JsonNode card = ToolResults.okAndValid(codex, "startup_panel", Map.of("repo_root", REPO));

        assertThat(card.get("inbox_count").asInt()).isEqualTo(1);
        assertThat(card.get("blocking_items").get(0).get("kind").asText()).isEqualTo("blocking_message");
        assertThat(card.get("ready_task").get("plan_slug").asText()).isEqualTo("widgets");
        assertThat(card.get("recommended_next_tool").asText()).isEqualTo("task_message_mark_read");
        assertThat(card.get("copy_paste_next_mcp_calls").get(0).asText()).startsWith("task_message_mark_read {");
        assertThat(ToolResults.text(codex.call("startup_panel", Map.of("repo_root", REPO))).length() / 4)
                .as("compact").isLessThan(800);

        JsonNode status = ToolResults.okAndValid(codex, "bridge_status", Map.of("repo_root", REPO));

        assertThat(status.get("schema").asText()).isEqualTo("colony.omx_hud_status.v1");
        assertThat(status.get("runtime_source").asText()).isEqualTo("colony");
        assertThat(status.get("hivemind").get("total_lane_count").asInt()).isEqualTo(2);
        assertThat(status.get("hivemind").get("lane_preview").get(0).get("owner").asText()).startsWith("codex/");
        assertThat(status.get("hivemind").get("counts").get("unknown").asInt()).isZero();
        assertThat(status.get("task").asText()).isEqualTo(quiet.get("active_task").get("title").asText());
        assertThat(status.get("next").asText()).isEqualTo("run the cache tests");
        assertThat(status.get("attention").get("blocking").asBoolean()).isTrue();
        assertThat(status.get("attention_counts").get("unread_message_count").asInt()).isEqualTo(1);
        assertThat(status.get("evidence").get("task_id").asLong()).isEqualTo(task);
        assertThat(status.get("evidence").get("attention_observation_ids")).hasSize(1);
        assertThat(status.get("ready_work_count").asInt()).isEqualTo(2);
        assertThat(status.get("claimed_file_preview").get(0).get("yours").asBoolean()).isTrue();
        assertThat(status.get("latest_working_note").get("content").asText()).contains("next=run the cache tests");
        assertThat(ToolResults.text(codex.call("bridge_status", Map.of("repo_root", REPO))).length() / 4)
                .as("compact").isLessThan(800);
        assertThat(ToolResults.error(codex.call("bridge_status", Map.of())).get("field").asText())
                .isEqualTo("repo_root");
    }
}
