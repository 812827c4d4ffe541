package dev.colony.tool;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The JSON Schema of a tool's result, published as the tool's {@code outputSchema} and generated
 * once from the result record that the tool returns, so that the schema describes exactly what the
 * result mapper writes.
 *
 * <p>Components map to JSON as the mapper writes them: snake_case names, {@code String} to string,
 * integral types to integer, {@code double} to number, {@code boolean} to boolean, {@code List<T>} to an
 * array of {@code T}, a nested record to an object, and {@code Map<String, ?>} to a free-form object. A
 * component admits {@code null} only when marked {@link Nullable}. The top level is always an object, as MCP
 * requires of structured content: a tool that returns a list wraps it in a record.
 *
 * <p>Every agent pays for the published schema in each conversation, so {@link #schema()} names the fields and
 * their types and nothing more, two levels deep: the result's fields, and the fields of the objects it holds or
 * lists; an object nested further, or one the instructions explain ({@link ExplainedOnce}), is published as an
 * object. {@link #strict()} adds what tests check each result against: the fields always
 * present (every component, unless Jackson leaves it out when empty: {@code @JsonInclude} on the component) and
 * no other field.
 *
 * @param <R> the result record
 */
public final class ResultSchema<R extends Record> {

    /**
     * How deep the published schema names fields: those of the result and of the objects it holds or lists; an
     * object inside those is published as an object. The strict schema names every field at every depth.
     */
    static final int PUBLISHED_DEPTH = 1;

    private final Class<R> type;
    private final ObjectNode schema;
    private final ObjectNode strict;

    private ResultSchema(Class<R> type) {
        this.type = type;
        this.schema = object(type, false, 0);
        this.strict = object(type, true, 0);
    }

    /**
     * Generates the schema of a result record.
     *
     * @throws IllegalArgumentException when a component has a type this generator does not map
     */
    public static <R extends Record> ResultSchema<R> of(Class<R> type) {
        Objects.requireNonNull(type, "type");
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        return new ResultSchema<>(type);
    }

    /** The result record. */
    public Class<R> type() {
        return type;
    }

    /** The output schema as published: fields and their types (a fresh copy, free to change). */
    public ObjectNode schema() {
        return schema.deepCopy();
    }

    /** The output schema with the fields every result carries and no other field allowed (a fresh copy). */
    public ObjectNode strict() {
        return strict.deepCopy();
    }

    private static ObjectNode object(Class<?> record, boolean strict, int depth) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("type", "object");
        if (!strict && (depth > PUBLISHED_DEPTH || record.isAnnotationPresent(ExplainedOnce.class))) {
            return node;
        }
        ObjectNode properties = node.putObject("properties");
        ArrayNode required = JsonNodeFactory.instance.arrayNode();
        for (RecordComponent component : record.getRecordComponents()) {
            String where = record.getSimpleName() + "." + component.getName();
            String name = JsonNames.of(component.getName());
            ObjectNode property = value(where, component.getGenericType(), strict, depth + 1);
            if (component.isAnnotationPresent(Nullable.class)) {
                String single = property.get("type").asText();
                property.putArray("type").add(single).add("null");
            }
            properties.set(name, property);
            if (!omittedWhenEmpty(record, component)) {
                required.add(name);
            }
        }
        if (strict) {
            if (!required.isEmpty()) {
                node.set("required", required);
            }
            node.put("additionalProperties", false);
        }
        return node;
    }

    private static boolean omittedWhenEmpty(Class<?> record, RecordComponent component) {
        JsonInclude include = component.getAnnotation(JsonInclude.class);
        if (include == null) {
            try {
                include = record.getDeclaredField(component.getName()).getAnnotation(JsonInclude.class);
            } catch (NoSuchFieldException e) {
                include = null;
            }
        }
        return include != null && include.value() != JsonInclude.Include.ALWAYS;
    }

    private static ObjectNode value(String where, Type type, boolean strict, int depth) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (type == String.class) {
            node.put("type", "string");
        } else if (type == long.class || type == Long.class || type == int.class || type == Integer.class) {
            node.put("type", "integer");
        } else if (type == double.class || type == Double.class) {
            node.put("type", "number");
        } else if (type == boolean.class || type == Boolean.class) {
            node.put("type", "boolean");
        } else if (type instanceof Class<?> nested && nested.isRecord()) {
            return object(nested, strict, depth);
        } else if (type instanceof ParameterizedType generic && generic.getRawType() == List.class) {
            node.put("type", "array");
            node.set("items", value(where + "[]", generic.getActualTypeArguments()[0], strict, depth));
        } else if (type instanceof ParameterizedType generic && generic.getRawType() == Map.class
                && generic.getActualTypeArguments()[0] == String.class) {
            node.put("type", "object");
        } else {
            throw new IllegalArgumentException(where + " has a type the output schema cannot describe: "
                    + type.getTypeName());
        }
        return node;
    }
}
