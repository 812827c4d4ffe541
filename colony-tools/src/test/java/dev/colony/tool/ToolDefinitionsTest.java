package dev.colony.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.memory.MemoryTools;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The published definitions of the memory tools, as {@code tools/list} sends them. */
class ToolDefinitionsTest {

    private final ArrayNode definitions = new ToolCatalog(MemoryTools.ALL).definitions();

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
        array.forEach(node -> values.add(node.asText()));
        return values;
    }

    @Test
    void theMemoryToolsAreServedInOrderWithTitlesAndHints() {
        assertThat(definitions).extracting(node -> node.get("name").asText()).containsExactly("search",
                "get_observations", "timeline", "list_sessions", "recall_session", "memory_add",
                "memory_add_batch", "memory_edit", "memory_forget", "memory_retrieve", "memory_search",
                "cluster_observations", "init_core_memories");
        for (JsonNode tool : definitions) {
            String name = tool.get("name").asText();
            boolean writes = name.startsWith("memory_add") || name.equals("memory_edit") || name.equals("memory_forget")
                    || name.equals("recall_session");
            assertThat(tool.get("title").asText()).as(name).isNotBlank();
            assertThat(tool.get("description").asText()).as(name).hasSizeGreaterThan(40);
            assertThat(tool.get("annotations").path("readOnlyHint").asBoolean()).as(name).isEqualTo(!writes);
            assertThat(tool.get("outputSchema").get("type").asText()).as(name).isEqualTo("object");
        }
    }

    @Test
    void everyArgumentIsTypedAndDescribed() {
        for (JsonNode tool : definitions) {
            String name = tool.get("name").asText();
            JsonNode schema = tool.get("inputSchema");
            assertThat(schema.get("type").asText()).isEqualTo("object");
            assertThat(schema.get("properties").size()).as(name).isPositive();
            schema.get("properties").properties().forEach(property -> {
                assertThat(property.getValue().get("type")).as(name + "." + property.getKey()).isNotNull();
                if (!SharedParams.isShared(property.getKey())) {
                    assertThat(property.getValue().path("description").asText())
                            .as(name + "." + property.getKey()).hasSizeGreaterThan(10);
                }
            });
        }
    }

    @Test
    void requiredArgumentsFollowTheCatalogue() {
        Map<String, List<String>> expected = Map.ofEntries(
                Map.entry("search", List.of("query")),
                Map.entry("cluster_observations", List.of("ids")),
                Map.entry("get_observations", List.of("ids")),
                Map.entry("timeline", List.of("session_id")),
                Map.entry("recall_session", List.of("target_session_id")),
                Map.entry("memory_retrieve", List.of("ids")),
                Map.entry("memory_search", List.of("query")),
                Map.entry("memory_edit", List.of("memory_id")),
                Map.entry("memory_forget", List.of("memory_id")),
                Map.entry("memory_add_batch", List.of("memories")));
        for (JsonNode tool : definitions) {
            String name = tool.get("name").asText();
            JsonNode required = tool.get("inputSchema").get("required");
            if (expected.containsKey(name)) {
                assertThat(texts(required)).as(name).isEqualTo(expected.get(name));
            } else {
                assertThat(required).as(name).isNull();
            }
        }
    }

    @Test
    void boundsEnumsAndDefaultsComeFromTheRecordsOnce() {
        JsonNode add = tool("memory_add").get("inputSchema").get("properties");
        assertThat(add.get("type").get("default").asText()).isEqualTo("fact");
        assertThat(texts(add.get("type").get("enum"))).containsExactly("fact", "preference", "decision", "path",
                "task", "task_done", "result");
        assertThat(add.get("content").has("maxLength")).as("a limit no ordinary text meets").isFalse();
        assertThat(add.get("topics").get("maxItems").asInt()).isEqualTo(MemoryLimits.MAX_TOPICS);

        JsonNode limit = tool("search").get("inputSchema").get("properties").get("limit");
        assertThat(limit.has("minimum")).as("1, the least a limit can be").isFalse();
        assertThat(limit.get("maximum").asLong()).isEqualTo(MemoryLimits.MAX_SEARCH_LIMIT);
        assertThat(limit.get("default").asInt()).isEqualTo(10);

        JsonNode ids = tool("get_observations").get("inputSchema").get("properties").get("ids");
        assertThat(ids.get("minItems").asInt()).isEqualTo(1);
        assertThat(ids.get("maxItems").asInt()).isEqualTo(MemoryLimits.MAX_GET_IDS);
        assertThat(ids.get("items").toString()).isEqualTo("{\"type\":\"integer\"}");
    }

    @Test
    void noDescriptionRestatesABoundTheSchemaCarries() {
        Pattern number = Pattern.compile("\\b\\d+\\b");
        for (JsonNode tool : definitions) {
            tool.get("inputSchema").get("properties").properties().forEach(property -> {
                JsonNode schema = property.getValue();
                List<String> bounds = new ArrayList<>();
                for (String key : List.of("minimum", "maximum", "maxLength", "minItems", "maxItems", "default")) {
                    if (schema.has(key) && schema.get(key).isNumber()) {
                        bounds.add(schema.get(key).asText());
                    }
                }
                Matcher numbers = number.matcher(schema.path("description").asText());
                while (numbers.find()) {
                    assertThat(bounds).as(tool.get("name").asText() + "." + property.getKey()
                            + " states a bound in its description").doesNotContain(numbers.group());
                }
            });
        }
    }

    @Test
    void everyIntegerBoundIsExactForJavaScriptClients() {
        for (JsonNode tool : definitions) {
            assertSafe(tool.get("name").asText(), tool.get("inputSchema"));
        }
    }

    private static void assertSafe(String where, JsonNode node) {
        if (node.isObject()) {
            node.properties().forEach(field -> {
                if (field.getValue().isNumber() && !"number".equals(node.path("type").asText())) {
                    assertThat(Math.abs(field.getValue().asLong())).as(where + "." + field.getKey())
                            .isLessThanOrEqualTo(ArgumentSchema.MAX_SAFE_INTEGER);
                    assertThat(field.getValue().isIntegralNumber()).as(where + "." + field.getKey()).isTrue();
                }
                assertSafe(where + "." + field.getKey(), field.getValue());
            });
        } else if (node.isArray()) {
            node.forEach(entry -> assertSafe(where, entry));
        }
    }

    @Test
    void searchFiltersByTheWordMemoryAddUsesForTheType() {
        JsonNode search = tool("search").get("inputSchema").get("properties");
        assertThat(search.has("type")).isTrue();
        assertThat(search.has("types")).isTrue();
        assertThat(search.has("kind")).isFalse();
        assertThat(tool("search").get("outputSchema").get("properties").get("hits").get("items").get("properties")
                .has("type")).isTrue();
        assertThat(tool("search").get("outputSchema").get("properties").get("hits").get("items").get("properties")
                .has("score")).as("raw scores are not published").isFalse();
    }
}
