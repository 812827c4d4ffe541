package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task-thread tools called in-process on a real SQLite store with a real Lucene index. */
class TaskToolsTest {


    @TempDir
    Path dir;

    private Colony colony;
    private Session own;
    private Session other;
    private ColonyMcpServer server;
    private ColonyMcpServer codex;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-02-01T08:00:00Z"));

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).clock(clock).build();
        own = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        other = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        server = new ColonyMcpServer(new ToolContext(colony, own.user(), own.agent(), own.id()));
        codex = new ColonyMcpServer(new ToolContext(colony, other.user(), other.agent(), other.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private JsonNode ok(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(on, tool, arguments);
    }

    private JsonNode ok(String tool, Map<String, Object> arguments) {
        return ok(server, tool, arguments);
    }

    private JsonNode error(String tool, Map<String, Object> arguments) {
        return ToolResults.error(server.call(tool, arguments));
    }

    private long openThread(ColonyMcpServer on, String repoRoot, String branch) {
        return ok(on, "task_thread", Map.of("repo_root", repoRoot, "branch", branch)).get("task_id").asLong();
    }

    @Test
    void taskThreadOpensOnceJoinsOthersAndNormalisesTheRoot() {
        JsonNode first = ok("task_thread", Map.of("repo_root", "/work/app/", "branch", "main"));
        JsonNode again = ok("task_thread", Map.of("repo_root", "/work/x/../app", "branch", "main"));
        JsonNode joined = ok(codex, "task_thread", Map.of("repo_root", "/work/app", "branch", "main"));

        assertThat(first.get("created").asBoolean()).isTrue();
        assertThat(first.get("joined").asBoolean()).isTrue();
        assertThat(first.get("repo_root").asText()).isEqualTo("/work/app");
        assertThat(first.get("status").asText()).isEqualTo("pending");
        assertThat(again.get("task_id").asLong()).isEqualTo(first.get("task_id").asLong());
        assertThat(again.get("created").asBoolean()).isFalse();
        assertThat(again.get("joined").asBoolean()).isFalse();
        assertThat(joined.get("joined").asBoolean()).isTrue();
        assertThat(error("task_thread", Map.of("repo_root", "work/app", "branch", "main")).get("field").asText())
                .isEqualTo("repo_root");
    }

    @Test
    void taskListBrowsesNewestFirstAndPointsToTheWorkPicker() {
        long main = openThread(server, "/work/app", "main");
        clock.advance(Duration.ofSeconds(1));
        long dev = openThread(server, "/work/app", "dev");
        clock.advance(Duration.ofSeconds(1));
        ok("task_post", Map.of("task_id", main, "kind", "note", "content", "bump main"));

        JsonNode listed = ok("task_list", Map.of("limit", 10));
        JsonNode filtered = ok("task_list", Map.of("branch", "dev"));

        assertThat(listed.get("tasks")).extracting(task -> task.get("id").asLong()).containsExactly(main, dev);
        JsonNode task = listed.get("tasks").get(0);
        assertThat(task.get("branch").asText()).isEqualTo("main");
        assertThat(task.get("created_by").asText()).isEqualTo(own.id().value());
        assertThat(listed.get("next_tool").asText()).isEqualTo("task_ready_for_agent");
        assertThat(listed.get("coordination_warning").asText()).contains("task_ready_for_agent");
        assertThat(listed.get("hint").asText()).isNotBlank();
        assertThat(filtered.get("tasks")).extracting(found -> found.get("id").asLong()).containsExactly(dev);
    }

    @Test
    void postTimelineAndUpdatesSinceRoundTrip() {
        long task = openThread(server, "/work/app", "main");
        JsonNode question = ok("task_post", Map.of("task_id", task, "kind", "question",
                "content", "Which port does the billing API listen on?", "topics", List.of("billing")));
        JsonNode answer = ok(codex, "task_post", Map.of("task_id", task, "kind", "answer",
                "content", "Port 8443, see deploy/billing.yaml", "reply_to", question.get("id").asLong()));
        JsonNode warning = ok(codex, "task_post", Map.of("task_id", task, "kind", "failed_approach",
                "content", "Upgrading the driver to 42.7 breaks the pool"));

        assertThat(question.get("task_id").asLong()).isEqualTo(task);
        assertThat(question.get("kind").asText()).isEqualTo("question");
        assertThat(question.get("hint").asText()).contains("task_note_working").contains("task_message");
        assertThat(warning.get("hint").asText()).contains("concrete");

        JsonNode timeline = ok("task_timeline", Map.of("task_id", task, "limit", 10)).get("entries");
        assertThat(timeline).extracting(entry -> entry.get("id").asLong()).containsExactly(
                warning.get("id").asLong(), answer.get("id").asLong(), question.get("id").asLong());
        JsonNode reply = timeline.get(1);
        assertThat(reply.get("kind").asText()).isEqualTo("answer");
        assertThat(reply.get("session_id").asText()).isEqualTo(other.id().value());
        assertThat(reply.get("reply_to").asLong()).isEqualTo(question.get("id").asLong());
        assertThat(reply.has("content")).isFalse();
        assertThat(timeline.get(2).get("reply_to").isNull()).isTrue();

        JsonNode updates = ok("task_updates_since", Map.of("task_id", task, "since_ts", 0)).get("entries");
        assertThat(updates).extracting(entry -> entry.get("id").asLong()).containsExactly(answer.get("id").asLong(),
                warning.get("id").asLong());
        assertThat(updates.get(0).has("reply_to")).isFalse();
        JsonNode mine = ok(codex, "task_updates_since", Map.of("task_id", task, "since_ts", 0)).get("entries");
        assertThat(mine).extracting(entry -> entry.get("id").asLong()).containsExactly(question.get("id").asLong());

        JsonNode found = ok("search", Map.of("query", "billing port", "limit", 5)).get("hits");
        assertThat(found).extracting(hit -> hit.get("task_id").asLong()).contains(task);
    }

    @Test
    void aPostAskingOneAgentForSomethingIsKeptAndPointedToTaskMessage() {
        long task = openThread(server, "/work/app", "main");
        openThread(codex, "/work/app", "main");

        JsonNode mention = ok("task_post", Map.of("task_id", task, "kind", "note",
                "content", "@reviewer please look at the migration before we merge"));
        JsonNode opening = ok("task_post", Map.of("task_id", task, "kind", "question",
                "content", "codex: can you rerun the flaky test?\n" + "details ".repeat(60)));
        JsonNode plain = ok("task_post", Map.of("task_id", task, "kind", "decision",
                "content", "codex: the adapter keeps its own transport"));
        JsonNode stranger = ok("task_post", Map.of("task_id", task, "kind", "question",
                "content", "Madrid: is the office open on Friday?"));

        assertThat(mention.get("route_to_task_message").asBoolean()).isTrue();
        assertThat(mention.get("misrouted_directed_coordination").asBoolean()).isTrue();
        assertThat(mention.get("replacement_tool").asText()).isEqualTo("task_message");
        assertThat(mention.get("hint").asText()).contains("For directed agent coordination, use task_message.");
        assertThat(mention.get("suggested_args").get("to_agent").asText()).isEqualTo("reviewer");
        assertThat(mention.get("suggested_args").get("task_id").asLong()).isEqualTo(task);
        assertThat(mention.get("suggested_args").get("content").asText())
                .isEqualTo("@reviewer please look at the migration before we merge");
        assertThat(opening.get("suggested_args").get("to_agent").asText()).isEqualTo("codex");
        assertThat(opening.get("suggested_args").get("content").asText()).hasSize(280).endsWith("…")
                .doesNotContain("\n");
        assertThat(plain.has("route_to_task_message")).as("no request, no routing").isFalse();
        assertThat(stranger.has("route_to_task_message")).as("not an agent of the thread").isFalse();
        assertThat(ok("task_timeline", Map.of("task_id", task)).get("entries")).hasSize(4);
    }

    @Test
    void postErrorsNameTheirField() {
        long task = openThread(server, "/work/app", "main");
        long elsewhere = openThread(server, "/work/app", "dev");
        long foreign = ok("task_post", Map.of("task_id", elsewhere, "kind", "note", "content", "other thread"))
                .get("id").asLong();

        JsonNode wrongThread = error("task_post", Map.of("task_id", task, "kind", "answer", "content", "yes",
                "reply_to", foreign));
        JsonNode missingTask = error("task_post", Map.of("task_id", 999_999, "kind", "note", "content", "x"));
        JsonNode badKind = error("task_post", Map.of("task_id", task, "kind", "message", "content", "x"));

        assertThat(wrongThread.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(wrongThread.get("field").asText()).isEqualTo("reply_to");
        assertThat(missingTask.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(missingTask.get("field").asText()).isEqualTo("task_id");
        assertThat(badKind.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(badKind.get("field").asText()).isEqualTo("kind");
    }

    @Test
    void linksAreBidirectionalIdempotentAndRemovable() {
        long api = openThread(server, "/work/api", "main");
        long web = openThread(server, "/work/web", "main");

        JsonNode link = ok("task_link", Map.of("task_id", web, "other_task_id", api, "note", "web needs the API"));
        JsonNode again = ok("task_link", Map.of("task_id", api, "other_task_id", web));
        JsonNode self = error("task_link", Map.of("task_id", api, "other_task_id", api));

        assertThat(link.get("low_id").asLong()).isEqualTo(Math.min(api, web));
        assertThat(link.get("high_id").asLong()).isEqualTo(Math.max(api, web));
        assertThat(link.get("created_by").asText()).isEqualTo(own.id().value());
        assertThat(link.get("note").asText()).isEqualTo("web needs the API");
        assertThat(again).isEqualTo(link);
        assertThat(self.get("code").asText()).isEqualTo("TASK_LINK_SELF");

        JsonNode fromApi = ok("task_links", Map.of("task_id", api));
        JsonNode fromWeb = ok("task_links", Map.of("task_id", web));
        assertThat(fromApi.get("links")).singleElement().satisfies(edge -> {
            assertThat(edge.get("task_id").asLong()).isEqualTo(web);
            assertThat(edge.get("repo_root").asText()).isEqualTo("/work/web");
            assertThat(edge.get("note").asText()).isEqualTo("web needs the API");
        });
        assertThat(fromWeb.get("links")).extracting(edge -> edge.get("task_id").asLong()).containsExactly(api);

        assertThat(ok("task_unlink", Map.of("task_id", api, "other_task_id", web)).get("removed").asBoolean()).isTrue();
        assertThat(ok("task_unlink", Map.of("task_id", web, "other_task_id", api)).get("removed").asBoolean())
                .isFalse();
        assertThat(ok("task_links", Map.of("task_id", api)).get("links")).isEmpty();
    }

    @Test
    void workingNotesResolveTheActiveThreadAndSupersede() {
        JsonNode none = error("task_note_working", Map.of("content", "next=x; evidence=y"));
        assertThat(none.get("code").asText()).isEqualTo("ACTIVE_TASK_NOT_FOUND");

        long main = openThread(server, "/work/app", "main");
        JsonNode first = ok("task_note_working", Map.of("content",
                "branch=main; task=API slice; blocker=none; next=run tests; evidence=src/test"));
        assertThat(first.get("task_id").asLong()).isEqualTo(main);
        assertThat(first.get("observation_id").asLong()).isEqualTo(first.get("id").asLong());
        assertThat(first.has("superseded_id")).isFalse();
        assertThat(first.has("warnings")).isFalse();
        assertThat(first.get("pointer").get("next").asText()).isEqualTo("run tests");

        Map<String, Object> pointer = new HashMap<>();
        pointer.put("next", "push");
        pointer.put("evidence", "x".repeat(400));
        JsonNode second = ok("task_note_working", Map.of("content", "pushing now", "pointer", pointer));
        assertThat(second.get("superseded_id").asLong()).isEqualTo(first.get("id").asLong());
        assertThat(second.get("warnings")).hasSize(1);
        assertThat(second.get("warnings").get(0).asText()).startsWith("pointer.evidence was 400");
        assertThat(second.get("pointer").get("evidence").asText()).hasSize(160);

        openThread(server, "/work/app", "dev");
        JsonNode ambiguous = error("task_note_working", Map.of("content", "next=x; evidence=y"));
        assertThat(ambiguous.get("code").asText()).isEqualTo("AMBIGUOUS_ACTIVE_TASK");
        assertThat(ambiguous.get("candidates")).hasSize(2).allSatisfy(candidate -> {
            assertThat(candidate.get("repo_root").asText()).isEqualTo("/work/app");
            assertThat(candidate.get("agent").asText()).isEqualTo("claude-code");
            assertThat(candidate.get("status").asText()).isEqualTo("pending");
            assertThat(candidate.get("updated_at").asLong()).isPositive();
            assertThat(candidate.get("task_id").asLong()).isPositive();
        });
        JsonNode narrowed = ok("task_note_working", Map.of("content", "next=x; evidence=y", "branch", "main"));
        assertThat(narrowed.get("task_id").asLong()).isEqualTo(main);

        JsonNode missing = error("task_note_working", Map.of("content", "just prose", "branch", "main"));
        assertThat(missing.get("field").asText()).isEqualTo("pointer.next");
        JsonNode badPointer = error("task_note_working", Map.of("content", "x", "pointer", Map.of("nxt", "y")));
        assertThat(badPointer.get("field").asText()).isEqualTo("pointer.nxt");
    }

    @Test
    void everyCallHeartbeatsTheSessionEvenWhenItFails() {
        clock.advance(Duration.ofMinutes(5));
        error("task_timeline", Map.of("task_id", 999_999));
        assertThat(colony.as(own.actor()).sessions().find(own.id()).orElseThrow().lastSeen()).isEqualTo(clock.instant());

        clock.advance(Duration.ofMinutes(5));
        ok("task_list", Map.of());
        assertThat(colony.as(own.actor()).sessions().find(own.id()).orElseThrow().lastSeen()).isEqualTo(clock.instant());
    }
}
