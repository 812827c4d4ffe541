package dev.colony.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.core.Colony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.mcp.ToolResults;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text rule over the whole catalog, generated from the published input schemas: every string parameter of
 * every tool, at any depth, given a NUL or a lone surrogate (and an identifier given a line break) is refused
 * with {@code INVALID_ARGUMENT} naming that field, or, inside a list whose entries are checked apart, that entry
 * is refused naming the field inside it; and nothing is written.
 */
class TextRuleSweepTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer server;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        server = ToolResults.server(colony, "alice", "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    /** One string parameter: where it is and how a call holding a value there looks. */
    private record Target(String tool, String field, String entryField, boolean identifier,
            Function<String, ObjectNode> call) {
    }

    @Test
    void everyStringParameterOfEveryToolRefusesNulAndLoneSurrogatesNamingTheFieldAndWritesNothing() throws Exception {
        ToolResults.okAndValid(server, "list_sessions", Map.of());
        Map<String, Long> before = rowCounts();

        Map<String, JsonNode> apart = new HashMap<>();
        for (ToolSpec<?, ?> spec : ColonyMcpServer.defaultTools()) {
            for (RecordComponent component : spec.arguments().type().getRecordComponents()) {
                if (isCheckedApart(spec, JsonNames.of(component.getName()))) {
                    Type entry = ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0];
                    apart.put(spec.name() + "." + JsonNames.of(component.getName()), ArgumentSchema.of(
                            ((Class<?>) ((ParameterizedType) entry).getActualTypeArguments()[0])
                                    .asSubclass(Record.class)).schema());
                }
            }
        }
        assertThat(apart).as("lists whose entries are checked apart").containsKey("memory_add_batch.memories");
        List<Target> targets = new ArrayList<>();
        for (JsonNode tool : server.tools()) {
            collect(tool.get("name").asText(), declaredInFull(tool), "", null, base -> base, apart, targets);
        }
        assertThat(targets.stream().map(Target::tool).distinct()).as("tools with a string parameter").hasSizeGreaterThan(50);
        assertThat(targets).as("string parameters").hasSizeGreaterThan(150);
        assertThat(targets.stream().filter(Target::identifier)).as("identifiers").hasSizeGreaterThan(40);

        int calls = 0;
        for (Target target : targets) {
            List<String> bad = new ArrayList<>(List.of("a\u0000b", "a\uD800b"));
            if (target.identifier()) {
                bad.add("a\nb");
            }
            for (String value : bad) {
                assertRefused(target, value);
                calls++;
            }
        }
        assertThat(rowCounts()).as("no row written by %s refused calls", calls).isEqualTo(before);
    }

    private void assertRefused(Target target, String value) {
        String what = target.tool() + " " + target.field() + " = " + value.codePoints()
                .mapToObj(c -> String.format("U+%04X", c)).toList();
        JsonNode result = server.call(target.tool(), target.call().apply(value));
        JsonNode json = ToolResults.parse(ToolResults.text(result));
        JsonNode error = json;
        if (!result.get("isError").asBoolean()) {
            assertThat(target.entryField()).as("%s answered %s", what, json).isNotNull();
            assertThat(json.get("stored").asInt()).as(what).isZero();
            error = json.get("items").get(0).get("error");
            assertThat(error).as("%s answered %s", what, json).isNotNull();
            assertThat(error.get("field").asText()).as(what).isEqualTo(target.entryField());
        } else {
            assertThat(error.get("field").asText()).as("%s answered %s", what, json).isEqualTo(target.field());
        }
        assertThat(error.get("code").asText()).as("%s answered %s", what, json).isEqualTo("INVALID_ARGUMENT");
        assertThat(error.get("error").asText()).as(what).containsAnyOf("U+0000", "U+000A",
                "lone surrogate at index 1");
    }

    /**
     * The input schema of {@code tool} with the entries of lists it publishes as plain objects (their fields declared
     * by another tool, as {@code task_plan_validate}'s sub-tasks) declared in full, as the server checks them.
     */
    private static JsonNode declaredInFull(JsonNode tool) {
        ObjectNode published = tool.get("inputSchema").deepCopy();
        ToolSpec<?, ?> spec = ColonyMcpServer.defaultTools().stream()
                .filter(candidate -> candidate.name().equals(tool.get("name").asText())).findFirst().orElseThrow();
        JsonNode full = ArgumentSchema.of(spec.arguments().type()).schema().get("properties");
        published.get("properties").properties().forEach(property -> {
            JsonNode items = property.getValue().get("items");
            JsonNode declared = full.path(property.getKey()).path("items");
            if (items != null && !items.has("properties") && declared.has("properties")
                    && !isCheckedApart(spec, property.getKey())) {
                ((ObjectNode) property.getValue()).set("items", declared);
            }
        });
        return published;
    }

    private static boolean isCheckedApart(ToolSpec<?, ?> spec, String name) {
        for (RecordComponent component : spec.arguments().type().getRecordComponents()) {
            if (JsonNames.of(component.getName()).equals(name)
                    && component.getGenericType() instanceof ParameterizedType list
                    && list.getActualTypeArguments()[0] instanceof ParameterizedType entry
                    && entry.getRawType() == Checked.class) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds a target for every string parameter of {@code schema} (an object schema at {@code path}); {@code wrap}
     * turns an object at this level into the call's arguments; {@code entryPath} is the path inside the entry of a
     * list whose entries are checked apart (a key of {@code apart}, which maps it to the entry's own schema, since
     * the published one says only that an entry is an object), once inside one.
     */
    private static void collect(String tool, JsonNode schema, String path, String entryPath,
            Function<ObjectNode, ObjectNode> wrap, Map<String, JsonNode> apart, List<Target> targets) {
        JsonNode properties = schema.get("properties");
        for (var names = properties.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            JsonNode property = properties.get(name);
            String type = property.path("type").asText();
            boolean identifier = ArgumentSchema.IDENTIFIER_WORDS.stream()
                    .anyMatch(word -> name.equals(word) || name.endsWith("_" + word));
            String field = path + name;
            String inside = entryPath == null ? null : entryPath + name;
            if (type.equals("string")) {
                targets.add(new Target(tool, field, inside, identifier, value -> wrap.apply(
                        filled(schema).put(name, value))));
            } else if (type.equals("array") && property.get("items").path("type").asText().equals("string")) {
                targets.add(new Target(tool, field + "[0]", inside == null ? null : inside + "[0]", identifier,
                        value -> {
                            ObjectNode level = filled(schema);
                            level.set(name, holding(property, NODES.textNode(value)));
                            return wrap.apply(level);
                        }));
            } else if (type.equals("array") && property.get("items").path("type").asText().equals("object")) {
                JsonNode items = apart.getOrDefault(tool + "." + field, property.get("items"));
                String entry = apart.containsKey(tool + "." + field) ? "" : inside == null ? null : inside + "[0].";
                collect(tool, items, field + "[0].", entry, object -> {
                    ObjectNode level = filled(schema);
                    level.set(name, holding(property, object));
                    return wrap.apply(level);
                }, apart, targets);
            } else if (type.equals("object")) {
                collect(tool, property, field + ".", inside == null ? null : inside + ".", inner -> {
                    ObjectNode level = filled(schema);
                    level.set(name, inner);
                    return wrap.apply(level);
                }, apart, targets);
            }
        }
    }

    /** An array of the fewest entries {@code property} takes: {@code first}, then valid ones. */
    private static ArrayNode holding(JsonNode property, JsonNode first) {
        ArrayNode array = NODES.arrayNode().add(first);
        while (array.size() < property.path("minItems").asInt(0)) {
            array.add(valid(property.get("items")));
        }
        return array;
    }

    /** An object holding a valid value for every required property of {@code schema}. */
    private static ObjectNode filled(JsonNode schema) {
        ObjectNode object = NODES.objectNode();
        for (JsonNode required : schema.path("required")) {
            String name = required.asText();
            object.set(name, valid(schema.get("properties").get(name)));
        }
        return object;
    }

    private static JsonNode valid(JsonNode property) {
        return switch (property.path("type").asText()) {
            case "string" -> property.has("enum") ? property.get("enum").get(0)
                    : NODES.textNode("x".repeat(Math.max(1, property.path("minLength").asInt(1))));
            case "integer" -> NODES.numberNode(Math.min(property.path("maximum").asLong(Long.MAX_VALUE),
                    Math.max(1, property.path("minimum").asLong(1))));
            case "number" -> NODES.numberNode(Math.min(property.path("maximum").asDouble(1),
                    Math.max(0.5, property.path("minimum").asDouble(0.5))));
            case "boolean" -> NODES.booleanNode(true);
            case "array" -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = 0; i < property.path("minItems").asInt(0); i++) {
                    array.add(valid(property.get("items")));
                }
                yield array;
            }
            case "object" -> filled(property);
            default -> throw new AssertionError("no valid value for " + property);
        };
    }

    /** The rows of every table but the call metrics, which every call adds to, and SQLite's own bookkeeping. */
    private Map<String, Long> rowCounts() throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("colony.db"));
                Statement statement = connection.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
            assertThat(tables).contains("tool_metrics", "memories", "sessions");
            for (String table : tables) {
                if (!table.equals("tool_metrics") && !table.startsWith("sqlite_")) {
                    try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
                        rows.next();
                        counts.put(table, rows.getLong(1));
                    }
                }
            }
        }
        return counts;
    }
}
