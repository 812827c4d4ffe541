package dev.colony.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.task.TaskTools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The published definitions of the task-thread tools, as {@code tools/list} sends them. */
class TaskToolDefinitionsTest {

    private final ArrayNode definitions = new ToolCatalog(TaskTools.ALL).definitions();

    private JsonNode tool(String name) {
        for (JsonNode tool : definitions) {
            if (tool.get("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name);
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(node -> values.add(node.asText()));
        }
        return values;
    }

    @Test
    void theThirteenToolsAreServedInOrderWithReadOnlyHints() {
        assertThat(definitions).extracting(node -> node.get("name").asText()).containsExactly("task_thread",
                "task_list", "task_timeline", "task_updates_since", "task_post", "task_note_working", "task_link",
                "task_links", "task_unlink", "task_feed", "task_record_edit", "task_drift_check",
                "task_suggest_approach");
        Set<String> reading = Set.of("task_list", "task_timeline", "task_updates_since", "task_links", "task_feed",
                "task_drift_check", "task_suggest_approach");
        for (JsonNode tool : definitions) {
            String name = tool.get("name").asText();
            assertThat(tool.get("annotations").path("readOnlyHint").asBoolean()).as(name)
                    .isEqualTo(reading.contains(name));
            assertThat(tool.get("description").asText()).as(name).hasSizeGreaterThan(40);
        }
    }

    @Test
    void everyArgumentIsTypedDescribedAndClosedOffNestedOnesToo() {
        for (JsonNode tool : definitions) {
            assertDescribed(tool.get("name").asText(), tool.get("inputSchema"));
        }
    }

    private static void assertDescribed(String where, JsonNode schema) {
        assertThat(schema.get("type").asText()).as(where).isEqualTo("object");
        schema.get("properties").properties().forEach(property -> {
            JsonNode value = property.getValue();
            String name = where + "." + property.getKey();
            assertThat(value.get("type")).as(name).isNotNull();
            if (!SharedParams.isShared(property.getKey())) {
                assertThat(value.path("description").asText()).as(name).hasSizeGreaterThan(10);
            }
            if (value.get("type").asText().equals("object")) {
                assertDescribed(name, value);
            }
        });
    }

    @Test
    void requiredArgumentsFollowTheSpecification() {
        Map<String, List<String>> expected = Map.ofEntries(
                Map.entry("task_thread", List.of("repo_root", "branch")),
                Map.entry("task_feed", List.of()),
                Map.entry("task_list", List.of()),
                Map.entry("task_timeline", List.of("task_id")),
                Map.entry("task_updates_since", List.of("task_id", "since_ts")),
                Map.entry("task_post", List.of("task_id", "kind", "content")),
                Map.entry("task_note_working", List.of("content")),
                Map.entry("task_link", List.of("task_id", "other_task_id")),
                Map.entry("task_links", List.of("task_id")),
                Map.entry("task_unlink", List.of("task_id", "other_task_id")),
                Map.entry("task_record_edit", List.of("task_id", "file_path")),
                Map.entry("task_drift_check", List.of("task_id")),
                Map.entry("task_suggest_approach", List.of("query")));
        for (JsonNode tool : definitions) {
            String name = tool.get("name").asText();
            assertThat(texts(tool.get("inputSchema").get("required"))).as(name).isEqualTo(expected.get(name));
        }
    }

    @Test
    void postKindsAndBoundsComeFromTheDomain() {
        JsonNode post = tool("task_post").get("inputSchema").get("properties");
        assertThat(texts(post.get("kind").get("enum"))).containsExactly("question", "answer", "decision", "blocker",
                "note", "failed_approach", "blocked_path", "conflict_warning", "reverted_solution");
        JsonNode limit = tool("task_timeline").get("inputSchema").get("properties").get("limit");
        assertThat(limit.get("maximum").asInt()).isEqualTo(TaskLimits.MAX_TIMELINE_LIMIT);
        assertThat(limit.get("default").asInt()).isEqualTo(50);
        JsonNode pointer = tool("task_note_working").get("inputSchema").get("properties").get("pointer");
        assertThat(pointer.get("properties").properties()).extracting(Map.Entry::getKey)
                .containsExactly("branch", "task", "blocker", "next", "evidence");
        JsonNode timeline = tool("task_timeline").get("outputSchema").get("properties").get("entries").get("items");
        assertThat(timeline.get("properties").properties()).extracting(Map.Entry::getKey)
                .containsExactly("id", "kind", "session_id", "ts", "reply_to");
        JsonNode link = tool("task_link").get("outputSchema").get("properties");
        assertThat(link.properties()).extracting(Map.Entry::getKey)
                .containsExactly("low_id", "high_id", "created_at", "created_by", "note");
    }
}
