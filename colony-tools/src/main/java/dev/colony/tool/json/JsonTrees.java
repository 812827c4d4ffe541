package dev.colony.tool.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * Reads and writes Jackson JSON trees with the streaming parser and generator only.
 *
 * <p>The protocol path needs trees, not data binding: going through {@code ObjectMapper} would load
 * and configure Jackson's whole binding machinery before the first answer, which costs a cold server
 * process a large share of its start-up. These few methods do the same job for the tree types the
 * protocol uses.
 */
public final class JsonTrees {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private JsonTrees() {
    }

    /**
     * Reads one value starting at the parser's next token.
     *
     * @return the value, or {@code null} when the input holds no value
     * @throws IOException when the input is not JSON or exceeds the parser's constraints
     */
    public static JsonNode read(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        return token == null ? null : value(parser, token);
    }

    /** The value that starts with {@code token}, the parser's current token. */
    public static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, value(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(value(parser, next));
                }
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (parser.getNumberType()) {
                    case INT -> NODES.numberNode(parser.getIntValue());
                    case LONG -> NODES.numberNode(parser.getLongValue());
                    default -> NODES.numberNode(parser.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(parser.getDoubleValue());
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException("unexpected JSON token " + token);
        }
    }

    /** Writes a tree made of objects, arrays, strings, numbers, booleans and nulls. */
    public static void write(JsonGenerator generator, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> entry : node.properties()) {
                    generator.writeFieldName(entry.getKey());
                    write(generator, entry.getValue());
                }
                generator.writeEndObject();
            }
            case ARRAY -> {
                generator.writeStartArray();
                for (JsonNode element : node) {
                    write(generator, element);
                }
                generator.writeEndArray();
            }
            case STRING -> generator.writeString(node.textValue());
            case NUMBER -> writeNumber(generator, node);
            case BOOLEAN -> generator.writeBoolean(node.booleanValue());
            case NULL, MISSING -> generator.writeNull();
            default -> generator.writeString(node.asText());
        }
    }

    /**
     * The tree as compact JSON text, written with the streaming generator (no data-binding machinery
     * per call, which is most of what {@code ObjectMapper.writeValueAsString} costs for a small tree).
     */
    public static String toJson(JsonNode node) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator generator = JSON.createGenerator(text)) {
            write(generator, node);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to a string failed", e);
        }
        return text.toString();
    }

    private static void writeNumber(JsonGenerator generator, JsonNode node) throws IOException {
        if (node instanceof ExactNumberNode exact) {
            generator.writeNumber(exact.text());
        } else if (node.isInt()) {
            generator.writeNumber(node.intValue());
        } else if (node.isLong()) {
            generator.writeNumber(node.longValue());
        } else if (node.isBigInteger()) {
            generator.writeNumber(node.bigIntegerValue());
        } else if (node.isBigDecimal()) {
            generator.writeNumber(node.decimalValue());
        } else {
            generator.writeNumber(node.doubleValue());
        }
    }

    /**
     * Converts plain Java values (maps with string keys, lists, strings, numbers, booleans, {@code null})
     * into a tree.
     *
     * @throws IllegalArgumentException for any other type
     */
    public static JsonNode fromValue(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node;
        }
        if (value instanceof String text) {
            return NODES.textNode(text);
        }
        if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return NODES.numberNode(((Number) value).intValue());
        }
        if (value instanceof Long number) {
            return NODES.numberNode(number);
        }
        if (value instanceof BigInteger number) {
            return NODES.numberNode(number);
        }
        if (value instanceof BigDecimal number) {
            return NODES.numberNode(number);
        }
        if (value instanceof Number number) {
            return NODES.numberNode(number.doubleValue());
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            map.forEach((key, element) -> object.set(String.valueOf(key), fromValue(element)));
            return object;
        }
        if (value instanceof Iterable<?> iterable) {
            ArrayNode array = NODES.arrayNode();
            iterable.forEach(element -> array.add(fromValue(element)));
            return array;
        }
        throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
}
