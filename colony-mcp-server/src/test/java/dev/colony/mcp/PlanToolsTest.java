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

    @Test
    void theReadyQueueRanksByProfileAndClaimsTheClearBest() {
        JsonNode profile = ok(codex, "agent_upsert_profile", Map.of("agent", "codex", "capabilities",
                Map.of("ui_work", 0.9, "api_work", 0.2)));
        assertThat(profile.get("capabilities").get("ui_work").asDouble()).isEqualTo(0.9);
        assertThat(profile.get("defaults")).extracting(JsonNode::asText).containsExactly("test_work", "infra_work",
                "doc_work");
        assertThat(ok(claude, "agent_get_profile", Map.of("agent", "codex-cli")).get("capabilities").get("ui_work")
                .asDouble()).isEqualTo(0.9);
        assertThat(error(codex, "agent_upsert_profile", Map.of("agent", "codex", "capabilities",
                Map.of("ui_work", 2))).get("field").asText()).contains("ui_work");
        JsonNode empty = ok(codex, "task_ready_for_agent", Map.of());
        assertThat(empty.get("ready")).isEmpty();
        assertThat(empty.get("empty_state").asText()).contains("task_plan_publish");
        ok(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "side-by-side", "title", "Side by side",
                "subtasks", List.of(
                        Map.of("title", "Build the API", "file_scope", List.of("api/a.ts"), "capability_hint",
                                "api_work"),
                        Map.of("title", "Build the page", "file_scope", List.of("web/a.tsx"), "capability_hint",
                                "ui_work"))));

        JsonNode looking = ok(codex, "task_ready_for_agent", Map.of("auto_claim", false));
        JsonNode claimed = ok(codex, "task_ready_for_agent", Map.of());

        assertThat(looking.get("ready")).extracting(entry -> entry.get("subtask_index").asInt()).containsExactly(1, 0);
        JsonNode top = looking.get("ready").get(0);
        assertThat(top.get("fit_score").asDouble()).isEqualTo(0.9);
        assertThat(top.get("reason").asText()).isEqualTo("ready_high_score");
        assertThat(top.get("next_tool").asText()).isEqualTo("task_plan_claim_subtask");
        assertThat(top.get("claim_args").get("plan_slug").asText()).isEqualTo("side-by-side");
        assertThat(looking.get("codex_mcp_call").asText()).startsWith("mcp__colony__task_plan_claim_subtask({");
        assertThat(looking.has("auto_claimed")).isFalse();
        assertThat(claimed.get("auto_claimed").get("ok").asBoolean()).isTrue();
        assertThat(claimed.get("auto_claimed").get("branch").asText()).isEqualTo("spec/side-by-side/sub-1");
        assertThat(claimed.get("next_action").asText()).startsWith("Claimed side-by-side/sub-1");
        JsonNode holding = ok(codex, "task_ready_for_agent", Map.of());
        assertThat(holding.get("ready").get(0).get("reason").asText()).isEqualTo("continue_current_task");
        assertThat(holding.get("ready").get(0).has("next_tool")).isFalse();
    }

    @Test
    void theAutopilotTickDecidesInTheSpecifiedOrder() {
        JsonNode idle = ok(codex, "task_autopilot_tick", Map.of());
        assertThat(idle.get("decision").asText()).isEqualTo("no_op");
        assertThat(idle.get("suggested_wake_seconds").asInt()).isEqualTo(1200);
        assertThat(idle.has("next_tool")).isFalse();
        ok(claude, "task_plan_publish", Map.of("repo_root", REPO, "slug", "ticks", "title", "Ticks", "subtasks",
                subtasks()));

        JsonNode claim = ok(codex, "task_autopilot_tick", Map.of());
        assertThat(claim.get("decision").asText()).isEqualTo("claim_ready");
        assertThat(claim.get("next_tool").asText()).isEqualTo("task_plan_claim_subtask");
        assertThat(claim.get("next_args").get("plan_slug").asText()).isEqualTo("ticks");
        assertThat(claim.get("signals").get("ready_subtask_count").asInt()).isEqualTo(1);
        assertThat(ok(codex, "task_plan_list", Map.of()).get("plans").get(0).get("subtask_counts").get("claimed")
                .asInt()).as("a tick changes nothing").isZero();

        ok(codex, "task_plan_claim_subtask", Map.of("plan_slug", "ticks", "subtask_index", 0));
        JsonNode busy = ok(codex, "task_autopilot_tick", Map.of());
        assertThat(busy.get("decision").asText()).isEqualTo("continue_current");
        assertThat(busy.get("next_tool").asText()).isEqualTo("task_plan_complete_subtask");

        long thread = ok(codex, "task_plan_list", Map.of("include_subtasks", true)).get("plans").get(0)
                .get("subtasks").get(0).get("task_id").asLong();
        ok(claude, "task_thread", Map.of("repo_root", REPO, "branch", "spec/ticks/sub-0"));
        ok(claude, "task_message", Map.of("task_id", thread, "to_agent", "codex", "urgency", "blocking", "content",
                "Stop: the API contract changed."));
        JsonNode blocked = ok(codex, "task_autopilot_tick", Map.of());
        assertThat(blocked.get("decision").asText()).isEqualTo("reply_blocking_message");
        assertThat(blocked.get("next_tool").asText()).isEqualTo("task_message_mark_read");
        assertThat(blocked.get("signals").get("blocking_message_count").asInt()).isEqualTo(1);

        ok(codex, "task_record_edit", Map.of("task_id", thread, "file_path", "api/widgets.ts"));
        ok(codex, "task_record_edit", Map.of("task_id", thread, "file_path", "api/routes.ts"));
        JsonNode drift = ok(codex, "task_drift_check", Map.of("task_id", thread));
        assertThat(drift.get("edits_without_claim")).extracting(JsonNode::asText).containsExactly("api/routes.ts");
        assertThat(drift.get("drift_score").asDouble()).isEqualTo(0.5);
        assertThat(drift.get("next_tool").asText()).isEqualTo("task_claim_file");
        assertThat(drift.get("next_args").get(0).get("file_path").asText()).isEqualTo("api/routes.ts");
        ok(claude, "task_hand_off", Map.of("task_id", thread, "to_agent", "codex", "summary",
                "The API contract changed; take over the migration."));
        JsonNode handoff = ok(codex, "task_autopilot_tick", Map.of());
        assertThat(handoff.get("decision").asText()).as("a handoff comes first").isEqualTo("accept_handoff");
        assertThat(handoff.get("next_tool").asText()).isEqualTo("task_accept_handoff");
        assertThat(handoff.get("signals").get("pending_handoff_count").asInt()).isEqualTo(1);
    }
}
