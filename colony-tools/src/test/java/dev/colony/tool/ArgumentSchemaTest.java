package dev.colony.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.util.List;
import java.util.function.Supplier;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** One declaration on a record drives both the published schema and the check of every call. */
class ArgumentSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Colours for the choice argument. */
    public static final class Colours implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return List.of("red", "green");
        }
    }

    record Sample(
            @Param(value = "The text to look for.", required = true) @Size(max = 20) String query,
            @Param(value = "How many.", defaultValue = "5") @Range(min = 1, max = 10) int limit,
            @Param("Entries.") @Size(min = 1, max = 3) @Range(min = 1) List<Long> ids,
            @Param("Words.") @Size(max = 2) List<String> words,
            @Param(value = "A flag.", defaultValue = "true") boolean flag,
            @Param(value = "A colour.", defaultValue = "red") @Choices(Colours.class) String colour,
            @Param("An optional id.") @Range(min = 1) Long taskId) {
    }

    private static final ArgumentSchema<Sample> SCHEMA = ArgumentSchema.of(Sample.class);

    private static Sample read(String json) {
        try {
            return SCHEMA.read(JSON.readTree(json));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertInvalid(ThrowingCallable call, String field, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).isEqualTo(field + ": " + message);
        });
    }

    @Test
    void theSchemaCarriesEachDeclarationOnce() {
        JsonNode schema = SCHEMA.schema();
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("query");
        JsonNode properties = schema.get("properties");
        assertThat(properties.fieldNames()).toIterable().containsExactly("query", "limit", "ids", "words", "flag",
                "colour", "task_id");
        assertThat(properties.get("query").toString())
                .isEqualTo("{\"type\":\"string\",\"maxLength\":20,\"description\":\"The text to look for.\"}");
        assertThat(properties.get("limit").toString()).isEqualTo(
                "{\"type\":\"integer\",\"maximum\":10,\"description\":\"How many.\",\"default\":5}");
        assertThat(properties.get("ids").toString()).isEqualTo("{\"type\":\"array\",\"items\":{\"type\":\"integer\"},"
                + "\"minItems\":1,\"maxItems\":3,\"description\":\"Entries.\"}");
        assertThat(properties.get("colour").get("enum")).extracting(JsonNode::asText).containsExactly("red", "green");
        assertThat(properties.get("flag").get("default").asBoolean()).isTrue();
        assertThat(properties.get("task_id").toString())
                .isEqualTo("{\"type\":\"integer\",\"description\":\"An optional id.\"}");
        assertThat(schema.has("additionalProperties")).isFalse();
    }

    record Shared(@Param(required = true) long taskId, @Param("Why.") String reason) {
    }

    record Unexplained(@Param String reason) {
    }

    @Test
    void aSharedParameterIsPublishedWithoutADescriptionAndOnlyASharedOneMayLackIt() {
        JsonNode properties = ArgumentSchema.of(Shared.class).schema().get("properties");
        assertThat(properties.get("task_id").toString()).isEqualTo("{\"type\":\"integer\"}");
        assertThat(properties.get("reason").get("description").asText()).isEqualTo("Why.");
        assertThatThrownBy(() -> ArgumentSchema.of(Unexplained.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason is not a shared parameter");
    }

    @Test
    void boundsTheSchemaLeavesUnstatedAreStillEnforced() {
        assertInvalid(() -> read("{\"query\":\" \"}"), "query", "must not be blank");
        assertInvalid(() -> read("{\"query\":\"a\",\"task_id\":0}"), "task_id",
                "must be between 1 and 9007199254740991, was 0");
        assertInvalid(() -> read("{\"query\":\"a\",\"task_id\":9007199254740992}"), "task_id",
                "must be between 1 and 9007199254740991, was 9007199254740992");
        assertInvalid(() -> read("{\"query\":\"a\",\"ids\":[0]}"), "ids[0]",
                "must be between 1 and 9007199254740991, was 0");
        assertThatThrownBy(() -> read("{\"query\":\"a\",\"colr\":\"red\"}"))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("colr"));
    }

    @Test
    void absentArgumentsTakeTheirDefaults() {
        Sample sample = read("{\"query\":\"auth\"}");
        assertThat(sample).isEqualTo(new Sample("auth", 5, List.of(), List.of(), true, "red", null));
        assertThat(read("{\"query\":\"auth\",\"limit\":null,\"task_id\":7,\"ids\":[3, 1.0]}"))
                .isEqualTo(new Sample("auth", 5, List.of(3L, 1L), List.of(), true, "red", 7L));
        assertThat(SCHEMA.names()).contains("task_id");
    }

    @Test
    void unknownArgumentsAreRefusedByNameWithTheAcceptedOnes() {
        assertInvalid(() -> read("{\"query\":\"x\",\"qeury\":1}"), "qeury",
                "is not a parameter of this tool; accepted: colour, flag, ids, limit, query, task_id, words");
    }

    @Test
    void typeErrorsNameTheFieldInPlainWords() {
        assertInvalid(() -> read("{}"), "query", "is required");
        assertInvalid(() -> read("{\"query\":5}"), "query", "must be a string, was a number");
        assertInvalid(() -> read("{\"query\":\"  \"}"), "query", "must not be blank");
        assertInvalid(() -> read("{\"query\":\"" + "x".repeat(21) + "\"}"), "query",
                "must hold at most 20 characters, was 21");
        assertInvalid(() -> read("{\"query\":\"x\",\"limit\":\"5\"}"), "limit", "must be an integer, was a string");
        assertInvalid(() -> read("{\"query\":\"x\",\"limit\":5.5}"), "limit", "must be a whole number, was 5.5");
        assertInvalid(() -> read("{\"query\":\"x\",\"limit\":11}"), "limit", "must be between 1 and 10, was 11");
        assertInvalid(() -> read("{\"query\":\"x\",\"limit\":1e30}"), "limit",
                "must be between 1 and 10, was a number of 100 bits");
        assertInvalid(() -> read("{\"query\":\"x\",\"limit\":123456789012345678901234567890}"), "limit",
                "must be between 1 and 10, was a number of 97 bits");
        assertInvalid(() -> read("{\"query\":\"x\",\"task_id\":9007199254740992}"), "task_id",
                "must be between 1 and 9007199254740991, was 9007199254740992");
        assertInvalid(() -> read("{\"query\":\"x\",\"flag\":\"yes\"}"), "flag", "must be a boolean, was a string");
        assertInvalid(() -> read("{\"query\":\"x\",\"ids\":7}"), "ids", "must be an array, was a number");
        assertInvalid(() -> read("{\"query\":\"x\",\"ids\":[]}"), "ids", "must hold 1 to 3 entries, held 0");
        assertInvalid(() -> read("{\"query\":\"x\",\"ids\":[1,\"2\"]}"), "ids[1]", "must be an integer, was a string");
        assertInvalid(() -> read("{\"query\":\"x\",\"ids\":[1,null]}"), "ids[1]", "must not be null");
        assertInvalid(() -> read("{\"query\":\"x\",\"ids\":[0]}"), "ids[0]", "must be between 1 and 9007199254740991, was 0");
        assertInvalid(() -> read("{\"query\":\"x\",\"words\":[\"a\",{}]}"), "words[1]", "must be a string, was an object");
        assertInvalid(() -> read("{\"query\":\"x\",\"words\":[\"a\",\"b\",\"c\"]}"), "words",
                "must hold at most 2 entries, held 3");
        assertInvalid(() -> read("{\"query\":\"x\",\"colour\":\"blue\"}"), "colour",
                "must be one of red, green; was 'blue'");
        assertInvalid(() -> read("[1]"), "arguments", "must be an object, was an array");
    }

    @Test
    void echoedValuesAndNamesAreCapped() {
        String huge = "b".repeat(10 * 1024 * 1024);
        assertThatThrownBy(() -> read("{\"query\":\"x\",\"colour\":\"" + huge + "\"}"))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.getMessage())
                        .hasSizeLessThan(200).endsWith("'" + "b".repeat(64) + "…(10485760 chars)'"));
        assertThatThrownBy(() -> SCHEMA.read(JSON.createObjectNode().put("query", "x").put(huge, 1)))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.field()).hasSizeLessThan(100).endsWith("…(10485760 chars)");
                    assertThat(e.getMessage()).hasSizeLessThan(300);
                });
    }

    record NoDescription(String query) {
    }

    record OptionalPrimitive(@Param("How many.") int limit) {
    }

    record UnsafeBound(@Param("An id.") @Range(min = 1, max = Long.MAX_VALUE) Long id) {
    }

    record BadDefault(@Param(value = "How many.", defaultValue = "50") @Range(min = 1, max = 10) int limit) {
    }

    record RequiredWithDefault(@Param(value = "How many.", required = true, defaultValue = "5") int limit) {
    }

    record Unsupported(@Param("When.") java.time.Instant when) {
    }

    @Test
    void declarationsThatCannotBeKeptAreRefusedWhenTheSchemaIsGenerated() {
        assertThatThrownBy(() -> ArgumentSchema.of(NoDescription.class)).hasMessageContaining("@Param");
        assertThatThrownBy(() -> ArgumentSchema.of(OptionalPrimitive.class)).hasMessageContaining("primitive");
        assertThatThrownBy(() -> ArgumentSchema.of(UnsafeBound.class)).hasMessageContaining("@Range");
        assertThatThrownBy(() -> ArgumentSchema.of(BadDefault.class)).hasMessageContaining("default breaks");
        assertThatThrownBy(() -> ArgumentSchema.of(RequiredWithDefault.class)).hasMessageContaining("default");
        assertThatThrownBy(() -> ArgumentSchema.of(Unsupported.class)).hasMessageContaining("unsupported type");
    }

    record Inner(@Param(value = "The next step.", required = true) @Size(max = 5) String next,
            @Param("A count.") @Range(min = 1, max = 3) Integer count) {
    }

    record Outer(@Param(value = "Some text.", required = true) String text,
            @Param("Nested fields.") Inner inner) {
    }

    @Test
    void aNestedRecordIsAnOptionalObjectCheckedByItsOwnSchema() throws java.io.IOException {
        ArgumentSchema<Outer> schema = ArgumentSchema.of(Outer.class);
        JsonNode inner = schema.schema().get("properties").get("inner");
        assertThat(inner.get("type").asText()).isEqualTo("object");
        assertThat(inner.get("description").asText()).isEqualTo("Nested fields.");
        assertThat(inner.get("required")).extracting(JsonNode::asText).containsExactly("next");
        assertThat(inner.get("properties").get("next").get("maxLength").asInt()).isEqualTo(5);

        assertThat(schema.read(JSON.readTree("{\"text\":\"a\"}")).inner()).isNull();
        assertThat(schema.read(JSON.readTree("{\"text\":\"a\",\"inner\":{\"next\":\"go\",\"count\":2}}")))
                .isEqualTo(new Outer("a", new Inner("go", 2)));
        assertInvalid(() -> schema.read(JSON.readTree("{\"text\":\"a\",\"inner\":{\"count\":2}}")), "inner.next",
                "is required");
        assertInvalid(() -> schema.read(JSON.readTree("{\"text\":\"a\",\"inner\":{\"next\":\"go\",\"count\":9}}")),
                "inner.count", "must be between 1 and 3, was 9");
        assertInvalid(() -> schema.read(JSON.readTree("{\"text\":\"a\",\"inner\":[1]}")), "inner",
                "must be an object, was an array");
        assertThatThrownBy(() -> schema.read(JSON.readTree("{\"text\":\"a\",\"inner\":{\"nxt\":\"go\"}}")))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("inner.nxt"));
    }
}
