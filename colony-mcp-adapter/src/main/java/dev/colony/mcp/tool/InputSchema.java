package dev.colony.mcp.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds the JSON Schema of a tool's arguments, one described parameter at a time.
 *
 * <p>Every parameter must carry a description: the schema is what a model reads before it calls a
 * tool, so the descriptions are where good use is taught. The builder also remembers the parameter
 * names, so that {@link Arguments} can refuse names the schema does not declare.
 */
public final class InputSchema {

    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<String> required = new ArrayList<>();

    private InputSchema() {
    }

    /** An empty object schema. */
    public static InputSchema object() {
        return new InputSchema();
    }

    /** A string parameter. */
    public InputSchema string(String name, boolean isRequired, String description) {
        return add(name, isRequired, property("string", description));
    }

    /** A string parameter with a maximum length. */
    public InputSchema string(String name, boolean isRequired, int maxLength, String description) {
        Map<String, Object> property = property("string", description);
        property.put("maxLength", maxLength);
        return add(name, isRequired, property);
    }

    /** A string parameter restricted to {@code values}, with an optional default. */
    public InputSchema choice(String name, boolean isRequired, List<String> values, String fallback,
            String description) {
        Map<String, Object> property = property("string", description);
        property.put("enum", List.copyOf(values));
        if (fallback != null) {
            property.put("default", fallback);
        }
        return add(name, isRequired, property);
    }

    /** An integer parameter in {@code [min, max]}, with an optional default. */
    public InputSchema integer(String name, boolean isRequired, long min, long max, Integer fallback,
            String description) {
        Map<String, Object> property = property("integer", description);
        property.put("minimum", min);
        property.put("maximum", max);
        if (fallback != null) {
            property.put("default", fallback);
        }
        return add(name, isRequired, property);
    }

    /** A boolean parameter with a default. */
    public InputSchema bool(String name, boolean fallback, String description) {
        Map<String, Object> property = property("boolean", description);
        property.put("default", fallback);
        return add(name, false, property);
    }

    /** An array of positive integers (ids) with {@code minItems} to {@code maxItems} entries. */
    public InputSchema ids(String name, boolean isRequired, int minItems, int maxItems, String description) {
        Map<String, Object> property = property("array", description);
        property.put("items", Map.of("type", "integer", "minimum", 1));
        property.put("minItems", minItems);
        property.put("maxItems", maxItems);
        return add(name, isRequired, property);
    }

    /** An array of strings with at most {@code maxItems} entries. */
    public InputSchema strings(String name, boolean isRequired, int maxItems, String description) {
        Map<String, Object> property = property("array", description);
        property.put("items", Map.of("type", "string"));
        property.put("maxItems", maxItems);
        return add(name, isRequired, property);
    }

    /** The schema as the JSON-compatible map MCP sends in {@code tools/list}. */
    public Map<String, Object> toMap() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", Collections.unmodifiableMap(new LinkedHashMap<>(properties)));
        if (!required.isEmpty()) {
            schema.put("required", List.copyOf(required));
        }
        schema.put("additionalProperties", false);
        return Collections.unmodifiableMap(schema);
    }

    /** The declared parameter names. */
    public Set<String> names() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(properties.keySet()));
    }

    private static Map<String, Object> property(String type, String description) {
        Objects.requireNonNull(description, "description");
        if (description.isBlank()) {
            throw new IllegalArgumentException("every parameter needs a description");
        }
        Map<String, Object> property = new LinkedHashMap<>();
        property.put("type", type);
        property.put("description", description);
        return property;
    }

    private InputSchema add(String name, boolean isRequired, Map<String, Object> property) {
        if (properties.putIfAbsent(name, Collections.unmodifiableMap(property)) != null) {
            throw new IllegalArgumentException("duplicate parameter " + name);
        }
        if (isRequired) {
            required.add(name);
        }
        return this;
    }
}
