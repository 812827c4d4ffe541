package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memory_add}'s typed forms: structured tasks, pointers and expiry, called in-process on SQLite. */
class MemoryAddToolTest {

    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    @TempDir
    Path dir;

    private Colony colony;
    private Session session;
    private ColonyMcpServer server;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).clock(new MutableClock(NOW)).build();
        session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        server = new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private Memory stored(JsonNode added) {
        return colony.as(session.actor()).memories().get(List.of(MemoryId.of(added.get("id").asLong()))).get(0);
    }

    private JsonNode error(Map<String, Object> arguments) {
        return ToolResults.error(server.call("memory_add", arguments));
    }

    @Test
    void titleAndStepsMakeAChecklistTaskAndDoneMakesItTaskDone() {
        JsonNode task = ToolResults.okAndValid(server, "memory_add", Map.of("title", "Move webhooks to the queue",
                "steps", List.of("Add the consumer", "Switch the endpoint"), "status", "blocked",
                "topics", List.of("webhooks"), "ref", "A1B2C3D4"));
        JsonNode done = ToolResults.okAndValid(server, "memory_add", Map.of("title", "Rotate the keys",
                "steps", List.of("Publish the new key"), "status", "done"));

        assertThat(task.get("type").asText()).isEqualTo("task");
        assertThat(stored(task).content()).isEqualTo("Move webhooks to the queue\nstatus: blocked\n"
                + "- [ ] Add the consumer\n- [ ] Switch the endpoint");
        assertThat(stored(task).topics()).containsExactly("webhooks", "a1b2c3d4");
        assertThat(done.get("type").asText()).isEqualTo("task_done");
    }

    @Test
    void expiryIsADayNeverOrNinetyDaysForAnEphemeralMemory() {
        Memory dated = stored(ToolResults.okAndValid(server, "memory_add", Map.of("content",
                "Sprint goal: ship the receipts page", "expires_at", "2026-04-01", "ephemeral", true)));
        Memory ephemeral = stored(ToolResults.okAndValid(server, "memory_add", Map.of("content",
                "Staging uses the temporary certificate", "ephemeral", true)));
        Memory never = stored(ToolResults.okAndValid(server, "memory_add", Map.of("content",
                "The billing database is PostgreSQL 16", "expires_at", "never")));

        assertThat(dated.expiresAt()).as("expires_at wins").isEqualTo(Instant.parse("2026-04-01T00:00:00Z"));
        assertThat(ephemeral.expiresAt()).isEqualTo(NOW.plus(Duration.ofDays(90)));
        assertThat(never.expiresAt()).isNull();
    }

    @Test
    void badTypedInputIsRefusedNamingTheField() {
        assertThat(error(Map.of("content", "Both", "title", "A task", "steps", List.of("one")))
                .get("field").asText()).isEqualTo("content");
        assertThat(error(Map.of("type", "decision", "title", "A task", "steps", List.of("one")))
                .get("field").asText()).isEqualTo("type");
        assertThat(error(Map.of("steps", List.of("one"))).get("field").asText()).isEqualTo("title");
        assertThat(error(Map.of("title", "A task")).get("field").asText()).isEqualTo("steps");
        assertThat(error(Map.of()).get("field").asText()).isEqualTo("content");
        assertThat(error(Map.of("content", "Soon", "expires_at", "next week")).get("field").asText())
                .isEqualTo("expires_at");
        assertThat(error(Map.of("content", "Long ago", "expires_at", "2020-01-01")).get("field").asText())
                .isEqualTo("expires_at");
        assertThat(error(Map.of("content", "User likes tabs", "type", "preference", "topics", List.of("tabs")))
                .get("field").asText()).isEqualTo("topics");
        assertThat(error(Map.of("content", "Spaces in a topic", "topics", List.of("rate limits")))
                .get("field").asText()).isEqualTo("topics[0]");
    }

    @Test
    void aFaultInsideOneBatchEntryRefusesThatEntryAloneAndAFaultOfTheListRefusesTheCall() {
        List<Object> entries = new ArrayList<>();
        entries.add(Map.of("content", "The build cache lives on the ci-cache volume."));
        entries.add(Map.of("content", "   "));
        entries.add(Map.of("content", 5));
        entries.add(Map.of("content", "x".repeat(MemoryLimits.MAX_CONTENT_CHARS + 1)));
        entries.add(Map.of("content", "Release notes go out\u0000 on Fridays."));
        entries.add(Map.of("content", "Staging resets nightly.", "topics", List.of("staging\uD800")));
        entries.add(Map.of("content", "Flaky tests are quarantined.", "colour", "blue"));
        entries.add(Map.of("content", "Rollbacks need two approvals.", "type", "rumour"));
        entries.add(Map.of("content", "Feature flags expire after a quarter."));

        JsonNode batch = ToolResults.okAndValid(server, "memory_add_batch", Map.of("memories", entries));

        assertThat(batch.get("stored").asInt()).isEqualTo(2);
        assertThat(batch.get("refused").asInt()).isEqualTo(7);
        JsonNode items = batch.get("items");
        assertThat(items.get(0).get("id").asLong()).isPositive();
        assertThat(items.get(8).get("id").asLong()).isPositive();
        Map<Integer, String> fields = Map.of(1, "content", 2, "content", 3, "content", 4, "content", 5, "topics[0]",
                6, "colour", 7, "type");
        fields.forEach((index, field) -> {
            JsonNode item = items.get(index);
            assertThat(item.get("index").asInt()).isEqualTo(index);
            assertThat(item.has("id")).isFalse();
            assertThat(item.get("error").get("code").asText()).as("entry %s", index).isEqualTo("INVALID_ARGUMENT");
            assertThat(item.get("error").get("field").asText()).as("entry %s", index).isEqualTo(field);
            assertThat(item.get("error").get("error").asText()).as("entry %s", index).startsWith(field + ": ");
        });
        assertThat(items.get(4).get("error").get("error").asText()).contains("U+0000");
        assertThat(colony.as(session.actor()).memories().timeline(session.id(), null, 100)).hasSize(2);

        List<Object> tooMany = Collections.nCopies(MemoryLimits.MAX_BATCH + 1, Map.of("content", "One of too many."));
        List<Map<String, Object>> callFaults = List.of(Map.of(), Map.of("memories", List.of()),
                Map.of("memories", tooMany), Map.of("memories", List.of(Map.of("content", "An object."), "a string")));
        List<String> callFields = List.of("memories", "memories", "memories", "memories[1]");
        for (int i = 0; i < callFaults.size(); i++) {
            JsonNode error = ToolResults.error(server.call("memory_add_batch", callFaults.get(i)));
            assertThat(error.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
            assertThat(error.get("field").asText()).isEqualTo(callFields.get(i));
        }
        assertThat(colony.as(session.actor()).memories().timeline(session.id(), null, 100)).as("nothing more stored")
                .hasSize(2);
    }
}
