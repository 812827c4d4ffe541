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
 * {@code task_feed} and {@code memory_search} called in-process on a real SQLite store with a Lucene index,
 * every result checked against the tool's output schema.
 */
class TypedTaskToolsTest {

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer alice;
    private ColonyMcpServer bob;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        alice = server("alice");
        bob = server("bob");
        ok(alice, "collection_manage", Map.of("action", "create", "collection", "ops"));
        ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "ops", "user", "bob"));
    }

    private ColonyMcpServer server(String user) {
        return ToolResults.server(colony, user, "claude-code");
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

    @Test
    void theFeedShowsTasksByLastChangeWithProgressAndCollection() {
        long shared = ok(alice, "memory_add", Map.of("title", "Rotate the payment gateway keys", "steps",
                List.of("create new keys", "deploy", "revoke old keys"), "status", "active", "topics",
                List.of("payments"), "collection", "ops")).get("id").asLong();
        ok(bob, "memory_add", Map.of("content", "Renew the staging certificate before it lapses", "type", "task"));

        JsonNode feed = ok(bob, "task_feed", Map.of());

        assertThat(feed.get("tasks")).hasSize(2);
        JsonNode personal = feed.get("tasks").get(0);
        assertThat(personal.get("preview").asText()).isEqualTo("Renew the staging certificate before it lapses");
        assertThat(personal.get("progress").isNull()).as("no checklist: progress is null").isTrue();
        assertThat(personal.has("collection")).isFalse();
        JsonNode task = feed.get("tasks").get(1);
        assertThat(task.get("memory_id").asLong()).isEqualTo(shared);
        assertThat(task.get("progress")).extracting(JsonNode::asInt).containsExactly(0, 3);
        assertThat(task.get("status").asText()).isEqualTo("active");
        assertThat(task.get("collection").asText()).isEqualTo("ops");
        assertThat(task.get("topics")).extracting(JsonNode::asText).containsExactly("payments");
        assertThat(ok(bob, "task_feed", Map.of("collection", "ops", "status", "active", "topic", "payments",
                "since", "2020-01-01")).get("tasks")).hasSize(1);
        assertThat(ok(bob, "task_feed", Map.of("collection", "personal")).get("tasks")).hasSize(1);
        assertThat(error(bob, "task_feed", Map.of("since", "yesterday")).get("field").asText()).isEqualTo("since");
        assertThat(error(bob, "task_feed", Map.of("status", "stuck")).get("field").asText()).isEqualTo("status");
        assertThat(error(bob, "task_feed", Map.of("collection", "nowhere")).get("code").asText())
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void memorySearchShowsSubjectLinesAndTaskProgress() {
        long task = ok(alice, "memory_add", Map.of("title", "Migrate the webhook consumer to the queue", "steps",
                List.of("add the consumer", "switch traffic"), "collection", "ops")).get("id").asLong();
        long decision = ok(alice, "memory_add", Map.of("content", "Webhook consumers read from the queue because "
                + "the provider drops bursts; direct calls lost events twice in March.", "type", "decision",
                "collection", "ops")).get("id").asLong();

        JsonNode found = ok(bob, "memory_search", Map.of("query", "webhook queue consumer"));
        JsonNode tasks = ok(bob, "memory_search", Map.of("query", "webhook queue consumer", "type_filter", "task"));

        assertThat(found.get("hits")).extracting(hit -> hit.get("id").asLong()).contains(task, decision);
        JsonNode decisionHit = hit(found, decision);
        assertThat(decisionHit.get("preview").asText()).hasSizeLessThanOrEqualTo(50)
                .startsWith("Webhook consumers read from the queue");
        assertThat(decisionHit.has("progress")).isFalse();
        assertThat(tasks.get("hits")).singleElement().satisfies(hit -> {
            assertThat(hit.get("id").asLong()).isEqualTo(task);
            assertThat(hit.get("progress")).extracting(JsonNode::asInt).containsExactly(0, 2);
            assertThat(hit.get("status").asText()).isEqualTo("pending");
            assertThat(hit.get("preview").asText()).as("a task shows its title")
                    .isEqualTo("Migrate the webhook consumer to the queue");
        });
        assertThat(found.get("next").asText()).contains("memory_retrieve");
        assertThat(error(bob, "memory_search", Map.of("query", "x", "type_filter", "note")).get("field").asText())
                .isEqualTo("type_filter");
        assertThat(error(bob, "memory_search", Map.of()).get("field").asText()).isEqualTo("query");
    }

    @Test
    void initCoreMemoriesBriefsASessionAndLeavesSignalsPending() {
        ok(alice, "memory_add", Map.of("content", "Every deploy waits for a green canary", "type", "preference",
                "topics", List.of("user", "behavioral"), "collection", "ops"));
        JsonNode task = ok(alice, "memory_add", Map.of("title", "Roll out billing v2", "steps",
                List.of("canary", "full rollout"), "macro_topics", List.of("billing"), "collection", "ops",
                "signal", "bob"));

        JsonNode core = ok(bob, "init_core_memories", Map.of("query", "billing rollout"));

        assertThat(core.get("behavioral")).singleElement().satisfies(rule -> assertThat(rule.get("content").asText())
                .isEqualTo("Every deploy waits for a green canary"));
        assertThat(core.get("active_tasks")).singleElement().satisfies(entry -> {
            assertThat(entry.get("memory_id").asLong()).isEqualTo(task.get("id").asLong());
            assertThat(entry.get("progress")).extracting(JsonNode::asInt).containsExactly(0, 2);
        });
        assertThat(core.get("landscape").get("macro_topics")).singleElement().satisfies(macro -> {
            assertThat(macro.get("name").asText()).isEqualTo("billing");
            assertThat(macro.get("active_tasks").asInt()).isEqualTo(1);
        });
        assertThat(core.get("signals").get("pending").asInt()).isEqualTo(1);
        assertThat(core.get("next").asText()).contains("ack");
        assertThat(core.get("hits")).isNotEmpty();
        assertThat(ok(bob, "signal", Map.of("action", "check")).get("pending").asInt()).as("still pending")
                .isEqualTo(1);
        assertThat(ok(bob, "init_core_memories", Map.of()).has("hits")).isFalse();
    }

    @Test
    void memoryEditWorksTheChecklistSignalsAndRefusesAStaleVersion() {
        JsonNode added = ok(alice, "memory_add", Map.of("title", "Rotate the gateway keys", "steps",
                List.of("create", "deploy", "revoke"), "collection", "ops"));
        long id = added.get("id").asLong();
        long version = added.get("version").asLong();
        assertThat(ok(bob, "memory_retrieve", Map.of("ids", List.of(id))).get("memories").get(0).get("version")
                .asLong()).isEqualTo(version);

        JsonNode refused = error(bob, "memory_edit", Map.of("memory_id", id, "toggle", List.of(0)));
        assertThat(refused.get("code").asText()).as("a member edits only its own memories").isEqualTo("FORBIDDEN");
        ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "ops", "user", "bob", "role",
                "admin"));

        JsonNode edited = ok(bob, "memory_edit", Map.of("memory_id", id, "expected_version", version,
                "toggle", List.of(0, 1), "rewrite_steps", List.of(Map.of("index", 2, "text", "revoke the old keys")),
                "set_status", "blocked", "output", "Deploy of the new keys waits for the gateway's change window.",
                "signal", "alice", "collection", "ops"));

        assertThat(edited.get("progress")).extracting(JsonNode::asInt).containsExactly(2, 3);
        assertThat(edited.get("status").asText()).isEqualTo("blocked");
        assertThat(edited.get("version").asLong()).isGreaterThan(version);
        assertThat(edited.get("result_id").asLong()).isPositive();
        assertThat(edited.get("signal_id").asLong()).isPositive();
        assertThat(ok(alice, "signal", Map.of("action", "check")).get("signals").get(0).get("memory_ids").get(0)
                .asLong()).isEqualTo(id);
        JsonNode stale = error(alice, "memory_edit", Map.of("memory_id", id, "expected_version", version,
                "set_status", "done"));
        assertThat(stale.get("code").asText()).isEqualTo("VERSION_CONFLICT");
        assertThat(stale.get("field").asText()).isEqualTo("expected_version");
        assertThat(error(alice, "memory_edit", Map.of("memory_id", id, "expires_at", "soon")).get("field").asText())
                .isEqualTo("expires_at");
        assertThat(ok(alice, "memory_edit", Map.of("memory_id", id, "set_status", "done")).get("type").asText())
                .isEqualTo("task_done");
    }

    @Test
    void aBatchStoresWhatItCanAndSaysWhyTheRestWasRefused() {
        JsonNode batch = ok(alice, "memory_add_batch", Map.of("memories", List.of(
                Map.of("content", "Gateway keys rotate every 90 days", "topics", List.of("gateway")),
                Map.of("content", "Topics are single words", "topics", List.of("two words")),
                Map.of("title", "Rotate the gateway keys", "steps", List.of("create", "deploy"), "collection", "ops",
                        "signal", "bob"),
                Map.of("type", "decision"),
                Map.of("content", "Signals need a collection", "signal", "bob"))));

        assertThat(batch.get("stored").asInt()).isEqualTo(2);
        assertThat(batch.get("refused").asInt()).isEqualTo(3);
        JsonNode items = batch.get("items");
        assertThat(items.get(0).get("id").asLong()).isPositive();
        assertThat(items.get(0).get("version").asLong()).isPositive();
        assertThat(items.get(1).get("error").get("field").asText()).isEqualTo("topics[0]");
        assertThat(items.get(1).get("error").get("error").asText()).as("the whole reason")
                .contains("use several topics instead");
        assertThat(items.get(2).get("type").asText()).isEqualTo("task");
        assertThat(items.get(2).get("signal_id").asLong()).isPositive();
        assertThat(items.get(3).get("error").get("field").asText()).isEqualTo("content");
        assertThat(items.get(4).get("error").get("field").asText()).isEqualTo("collection");
        assertThat(ok(bob, "task_feed", Map.of()).get("tasks")).hasSize(1);
        assertThat(error(alice, "memory_add_batch", Map.of("memories", List.of())).get("field").asText())
                .isEqualTo("memories");
    }

    private static JsonNode hit(JsonNode result, long id) {
        for (JsonNode hit : result.get("hits")) {
            if (hit.get("id").asLong() == id) {
                return hit;
            }
        }
        throw new AssertionError("no hit " + id + " in " + result);
    }

    @Test
    void aForgottenMemoryLeavesSearchRetrievalAndTheFeed() {
        long fact = ok(alice, "memory_add", Map.of("content", "The ops vault passphrase is lantern-orchid", "collection",
                "ops")).get("id").asLong();
        long task = ok(alice, "memory_add", Map.of("title", "Move the vault passphrase", "steps", List.of("copy",
                "delete"), "collection", "ops")).get("id").asLong();

        assertThat(error(bob, "memory_forget", Map.of("memory_id", fact)).get("code").asText()).as("not the author")
                .isEqualTo("FORBIDDEN");
        assertThat(error(alice, "memory_forget", Map.of("memory_id", fact, "expected_version", 999_999))
                .get("code").asText()).isEqualTo("VERSION_CONFLICT");
        JsonNode forgotten = ok(alice, "memory_forget", Map.of("memory_id", fact));
        ok(alice, "memory_forget", Map.of("memory_id", task));

        assertThat(forgotten.get("status").asText()).isEqualTo("forgotten");
        assertThat(ok(bob, "memory_search", Map.of("query", "vault passphrase")).get("hits")).isEmpty();
        assertThat(ok(bob, "task_feed", Map.of()).toString()).doesNotContain("vault");
        assertThat(error(bob, "memory_retrieve", Map.of("ids", List.of(fact))).get("code").asText())
                .isEqualTo("NOT_FOUND");
        assertThat(error(alice, "memory_forget", Map.of("memory_id", fact)).get("code").asText())
                .isEqualTo("NOT_FOUND");
    }
}
