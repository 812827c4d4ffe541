package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.MalformedToolCall;
import dev.colony.tool.Param;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tools called in-process on a real SQLite store with a real Lucene index. */
class ColonyMcpServerTest {


    @TempDir
    Path dir;

    private Colony colony;
    private Session own;
    private ColonyMcpServer server;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        own = colony.sessions().ensure(SessionStart.of("alice", "claude-code").withIde("claude-code"));
        server = new ColonyMcpServer(new ToolContext(colony, own.user(), own.agent(), own.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    /**
     * A successful call's JSON, after checking that its structured content is the text's JSON and
     * matches the tool's published output schema.
     */
    private JsonNode ok(String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(server, tool, arguments);
    }

    private JsonNode error(String tool, Map<String, Object> arguments) {
        return ToolResults.error(server.call(tool, arguments));
    }

    @Test
    void addSearchAndHydrateRoundTrip() {
        JsonNode added = ok("memory_add", Map.of("content",
                "Billing webhooks retry five times because the provider drops bursts of events.",
                "type", "decision", "topics", List.of("billing", "webhooks"), "macro_topics", List.of("shop")));
        long id = added.get("id").asLong();
        assertThat(added.get("type").asText()).isEqualTo("decision");
        assertThat(added.get("ts").asLong()).isPositive();
        assertThat(added.get("version").asLong()).isPositive();
        assertThat(added.size()).as("id, type, ts and version; no signal asked for").isEqualTo(4);

        JsonNode found = ok("search", Map.of("query", "billing webhooks retry", "limit", 5));
        assertThat(found.get("hydrate_with").asText()).isEqualTo("get_observations");
        JsonNode hit = found.get("hits").get(0);
        assertThat(hit.get("id").asLong()).isEqualTo(id);
        assertThat(hit.get("session_id").asText()).isEqualTo(own.id().value());
        assertThat(hit.get("type").asText()).isEqualTo("decision");
        assertThat(hit.get("rank").asInt()).isEqualTo(1);
        assertThat(hit.has("score")).isFalse();
        assertThat(hit.get("snippet").asText()).isNotBlank();
        assertThat(hit.has("content")).isFalse();
        assertThat(hit.get("ts").asLong()).isEqualTo(added.get("ts").asLong());
        assertThat(hit.get("task_id").isNull()).isTrue();

        JsonNode bodies = ok("get_observations", Map.of("ids", List.of(id), "expand", true)).get("observations");
        assertThat(bodies.isArray()).isTrue();
        JsonNode body = bodies.get(0);
        assertThat(body.get("content").asText()).startsWith("Billing webhooks retry five times");
        assertThat(body.get("topics")).extracting(JsonNode::asText).containsExactly("billing", "webhooks");
        assertThat(body.get("macro_topics")).extracting(JsonNode::asText).containsExactly("shop");
        assertThat(body.get("metadata").isObject()).isTrue();
        assertThat(body.get("reply_to").isNull()).isTrue();
    }

    @Test
    void memoryAddDefaultsToFactAndRefusesUnknownTypes() {
        JsonNode added = ok("memory_add", Map.of("content", "Staging database is reset every Monday at 06:00 UTC."));
        assertThat(added.get("type").asText()).isEqualTo("fact");
        JsonNode body = ok("get_observations", Map.of("ids", List.of(added.get("id").asLong())))
                .get("observations").get(0);
        assertThat(body.fieldNames()).toIterable().as("optional parts appear only when set").containsExactly("id",
                "session_id", "type", "ts", "content", "metadata", "topics", "task_id", "reply_to");

        JsonNode bogus = error("memory_add", Map.of("content", "Something true.", "type", "bogus"));
        assertThat(bogus.get("code").asText()).isEqualTo(ErrorCode.INVALID_ARGUMENT.id());
        assertThat(bogus.get("field").asText()).isEqualTo("type");
        assertThat(bogus.get("error").asText()).contains("type").contains("bogus");

        JsonNode missing = error("memory_add", Map.of("type", "fact"));
        assertThat(missing.get("error").asText()).isEqualTo("content: is required, unless title and steps describe a task");
    }

    @Test
    void searchValidatesItsArgumentsAndFiltersByKind() {
        ok("memory_add", Map.of("content", "Deploy scripts live in ops/deploy and need the prod kubeconfig.",
                "type", "path"));
        ok("memory_add", Map.of("content", "Deploy only on weekdays because the on-call rota is thin on weekends.",
                "type", "decision"));
        JsonNode decisions = ok("search", Map.of("query", "deploy", "types", List.of("decision")));
        assertThat(decisions.get("hits")).hasSize(1);
        assertThat(decisions.get("hits").get(0).get("type").asText()).isEqualTo("decision");
        JsonNode paths = ok("search", Map.of("query", "deploy", "type", "path", "session_id", own.id().value()));
        assertThat(paths.get("hits")).extracting(node -> node.get("type").asText()).containsExactly("path");

        assertThat(error("search", Map.of("query", "deploy", "limit", 0)).get("field").asText()).isEqualTo("limit");
        assertThat(error("search", Map.of("query", "deploy", "limit", "many")).get("error").asText())
                .isEqualTo("limit: must be an integer, was a string");
        assertThat(error("search", Map.of("query", "deploy", "types", List.of("Bad Kind"))).get("field").asText())
                .isEqualTo("types[0]");
        assertThat(error("search", Map.of()).get("error").asText()).isEqualTo("query: is required");
        JsonNode unknown = error("search", Map.of("query", "deploy", "sessionId", "x"));
        assertThat(unknown.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(unknown.get("error").asText()).contains("sessionId").contains("session_id");
    }

    @Test
    void getObservationsReportsUnknownIds() {
        JsonNode missing = error("get_observations", Map.of("ids", List.of(987654)));
        assertThat(missing.get("code").asText()).isEqualTo(ErrorCode.NOT_FOUND.id());
        assertThat(missing.get("error").asText()).contains("987654");
        assertThat(error("get_observations", Map.of("ids", List.of())).get("field").asText()).isEqualTo("ids");
        List<Integer> tooMany = new ArrayList<>();
        for (int i = 1; i <= 51; i++) {
            tooMany.add(i);
        }
        assertThat(error("get_observations", Map.of("ids", tooMany)).get("error").asText())
                .isEqualTo("ids: must hold 1 to 50 entries, held 51");
    }

    @Test
    void timelineAndListSessionsAreCompactAndNewestFirst() {
        long first = ok("memory_add", Map.of("content", "First memory of the timeline test.")).get("id").asLong();
        long second = ok("memory_add", Map.of("content", "Second memory of the timeline test.")).get("id").asLong();
        JsonNode timeline = ok("timeline", Map.of("session_id", own.id().value())).get("entries");
        assertThat(timeline).extracting(node -> node.get("id").asLong()).containsExactly(second, first);
        assertThat(timeline.get(0).size()).isEqualTo(3);
        assertThat(ok("timeline", Map.of("session_id", own.id().value(), "around_id", first, "limit", 1)).get("entries"))
                .extracting(node -> node.get("id").asLong()).containsExactly(first);
        assertThat(error("timeline", Map.of("session_id", "nobody-1")).get("code").asText())
                .isEqualTo(ErrorCode.SESSION_NOT_FOUND.id());

        Session codex = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        colony.sessions().ensure(SessionStart.of("bob", "codex"));
        JsonNode sessions = ok("list_sessions", Map.of("limit", 10)).get("sessions");
        assertThat(sessions).extracting(node -> node.get("id").asText())
                .containsExactly(codex.id().value(), own.id().value());
        JsonNode mine = sessions.get(1);
        assertThat(mine.get("agent").asText()).isEqualTo("claude-code");
        assertThat(mine.get("ide").asText()).isEqualTo("claude-code");
        assertThat(mine.get("started_at").asLong()).isEqualTo(own.startedAt().toEpochMilli());
        assertThat(mine.get("ended_at").isNull()).isTrue();
    }

    @Test
    void recallSessionRecordsTheRecallInTheCurrentSession() {
        Session codex = colony.sessions().ensure(SessionStart.of("alice", "codex").withId(SessionId.of("codex-42")));
        long codexMemory = colony.as(codex.actor()).memories()
                .add(dev.colony.api.memory.MemoryDraft.of(dev.colony.api.memory.MemoryKind.FACT,
                        "Codex found that the cache key includes the tenant id."))
                .id().value();

        JsonNode recall = ok("recall_session", Map.of("target_session_id", "codex-42"));
        assertThat(recall.get("session").get("id").asText()).isEqualTo("codex-42");
        assertThat(recall.get("observations")).extracting(node -> node.get("id").asLong()).containsExactly(codexMemory);
        long audit = recall.get("recall_observation_id").asLong();
        JsonNode ownTimeline = ok("timeline", Map.of("session_id", own.id().value())).get("entries");
        assertThat(ownTimeline.get(0).get("id").asLong()).isEqualTo(audit);
        assertThat(ownTimeline.get(0).get("type").asText()).isEqualTo("recall");
        JsonNode auditBody = ok("get_observations", Map.of("ids", List.of(audit))).get("observations").get(0);
        assertThat(auditBody.get("metadata").get("recalled_session_id").asText()).isEqualTo("codex-42");
        assertThat(auditBody.get("metadata").get("owner_ide").asText()).isEqualTo("codex");

        JsonNode limited = ok("recall_session", Map.of("target_session_id", own.id().value(), "limit", 1));
        assertThat(limited.get("observations").size()).isEqualTo(1);

        assertThat(error("recall_session", Map.of("target_session_id", "ghost-1")).get("code").asText())
                .isEqualTo(ErrorCode.SESSION_NOT_FOUND.id());
        assertThat(error("recall_session", Map.of("target_session_id", "codex-42", "current_session_id", "ghost-2"))
                .get("field").asText()).as("the audit goes to the server's own session").isEqualTo("current_session_id");
        assertThat(error("recall_session", Map.of("target_session_id", "codex-42", "limit", 101))
                .get("field").asText()).isEqualTo("limit");
    }

    record NoArgs(@Param("Ignored; the tool takes no real arguments.") String unused) {
    }

    record Nothing(String never) {
    }

    @Test
    void unknownToolsAndArgumentsThatAreNoObjectAreMalformedCalls() {
        assertThatThrownBy(() -> server.callJson("no_such_tool", null))
                .isInstanceOfSatisfying(MalformedToolCall.class, e -> {
                    assertThat(e.field()).isEqualTo("name");
                    assertThat(e.getMessage()).startsWith("name: no tool named 'no_such_tool'; available tools: search,");
                });
        // The unknown name is echoed shortened: the message is the list of tools plus a bounded remainder.
        int toolList = String.join(", ", ColonyMcpServer.defaultTools().stream().map(ToolSpec::name).toList()).length();
        assertThatThrownBy(() -> server.callJson("x".repeat(100_000), null))
                .isInstanceOfSatisfying(MalformedToolCall.class, e -> assertThat(e.getMessage())
                        .hasSizeLessThan(toolList + 150));
        assertThatThrownBy(() -> server.callJson("search", ToolResults.JSON.createArrayNode().add(1)))
                .isInstanceOfSatisfying(MalformedToolCall.class, e -> {
                    assertThat(e.field()).isEqualTo("arguments");
                    assertThat(e.getMessage()).isEqualTo("arguments: must be an object for tool search, was an array");
                });
    }

    @Test
    void unexpectedFailuresBecomeInternalErrorsWithoutTheirDetails() {
        ToolSpec<NoArgs, Nothing> broken = ToolSpec.reading("broken", "Broken", "Always fails.", NoArgs.class,
                Nothing.class, (context, args) -> {
                    throw new IllegalStateException("boom");
                });
        ColonyMcpServer failing = new ColonyMcpServer(server.context(), List.of(broken));
        JsonNode result = failing.call("broken", Map.of());
        assertThat(result.has("structuredContent")).isFalse();
        JsonNode body = ToolResults.error(result);
        assertThat(body.get("code").asText()).isEqualTo(ErrorCode.INTERNAL.id());
        assertThat(body.get("error").asText()).contains("broken").doesNotContain("boom");
    }

    @Test
    void errorsEchoAtMostAShortPrefixOfAHugeValue() {
        String huge = "k".repeat(10 * 1024 * 1024);
        JsonNode type = error("memory_add", Map.of("content", "A memory with a huge type.", "type", huge));
        assertThat(type.get("field").asText()).isEqualTo("type");
        assertThat(type.get("error").asText()).hasSizeLessThan(300).contains("…(10485760 chars)");
        JsonNode filter = error("search", Map.of("query", "x", "type", huge));
        assertThat(filter.get("error").asText()).hasSizeLessThan(300).contains("…(10485760 chars)");
        String unknownName = ToolResults.text(server.call("search", Map.of("query", "x", huge, 1)));
        assertThat(unknownName).hasSizeLessThan(600);
        assertThat(ToolResults.parse(unknownName).get("field").asText()).hasSizeLessThan(100);
    }

    @Test
    void toolDefinitionsCarryBothSchemasTitlesAndReadOnlyHints() {
        Set<String> writing = new HashSet<>();
        ColonyMcpServer.defaultTools().stream().filter(spec -> !spec.readOnly()).forEach(spec -> writing.add(spec.name()));
        assertThat(writing).contains("memory_add", "recall_session", "task_thread", "task_post", "task_note_working",
                "task_link", "task_unlink", "task_message", "task_message_mark_read", "task_message_retract",
                "task_message_claim");
        assertThat(server.tools()).hasSize(ColonyMcpServer.defaultTools().size()).allSatisfy(tool -> {
            String name = tool.get("name").asText();
            boolean writes = writing.contains(name);
            assertThat(tool.get("annotations").path("readOnlyHint").asBoolean()).as(name).isEqualTo(!writes);
            assertThat(tool.get("title").asText()).as(name).isNotBlank();
            assertThat(tool.get("inputSchema").get("type").asText()).isEqualTo("object");
            assertThat(tool.get("outputSchema").get("type").asText()).isEqualTo("object");
        });
    }

    @Test
    void everyCallOfAToolRecordsOneMetricRow() {
        java.time.Instant from = colony.clock().instant();
        ok("memory_add", Map.of("content", "Metrics rows are written for every tool call, failed or not."));
        error("search", Map.of("query", "metrics", "limit", 0));
        assertThatThrownBy(() -> server.callJson("search", ToolResults.JSON.createArrayNode()))
                .isInstanceOf(MalformedToolCall.class);
        assertThatThrownBy(() -> server.callJson("no_such_tool", null)).isInstanceOf(MalformedToolCall.class);

        var rows = colony.metrics().list(from, from.plusSeconds(3_600), 100);

        assertThat(rows).extracting(dev.colony.api.metric.ToolMetric::tool)
                .containsExactly("memory_add", "search", "search");
        var added = rows.get(0);
        assertThat(added.ok()).isTrue();
        assertThat(added.errorCode()).isNull();
        assertThat(added.user()).isEqualTo(own.user());
        assertThat(added.session()).isEqualTo(own.id());
        assertThat(added.bytesIn()).isEqualTo(
                "{\"content\":\"Metrics rows are written for every tool call, failed or not.\"}".length());
        assertThat(added.bytesOut()).isPositive();
        assertThat(added.tokensOut()).isEqualTo((added.bytesOut() + 3) / 4);
        assertThat(added.duration()).isPositive();
        assertThat(rows.get(1).ok()).isFalse();
        assertThat(rows.get(1).errorCode()).isEqualTo("INVALID_ARGUMENT");
        assertThat(rows.get(2).errorCode()).isEqualTo("INVALID_ARGUMENT");
    }

    @Test
    void aClosedColonyIsReportedWithItsCode() {
        colony.close();
        assertThat(error("list_sessions", Map.of()).get("code").asText()).isEqualTo(ErrorCode.CLOSED.id());
    }
}
