package dev.colony.tool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.TextRule;
import dev.colony.tool.json.JsonTrees;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The arguments of one tool, declared once on a record and used twice: as the JSON Schema published
 * in {@code tools/list} and as the check every incoming call passes before its handler runs.
 *
 * <p>Each record component is one argument: its wire name is the component name in snake_case, its
 * type one of {@code String}, {@code int}/{@code Integer}, {@code long}/{@code Long},
 * {@code double}/{@code Double}, {@code boolean}/{@code Boolean}, {@code List<String>}, {@code List<Long>},
 * another record declared the same way (an optional nested object, checked by its own schema, whose errors name the field as
 * {@code outer.inner}), a list of such records (errors name {@code list[i].inner}) or a list of
 * {@link Checked} records (each entry checked apart: a fault inside it is that entry's refusal, not the
 * call's; published as a list of objects, the tool's description naming whose parameters an entry takes, so
 * that one tool's schema is not repeated inside another's), and its annotations
 * ({@link Param}, {@link Range}, {@link Between}, {@link Size}, {@link Choices}) give the description, whether it is
 * required, the default and the constraints. The schema and the check are both derived from these
 * annotations, so a bound is stated in exactly one place and the schema promises nothing the server does not
 * enforce. The schema states the bounds that guide a value (a limit's maximum, a short text's length, a list's
 * size) and leaves out those no ordinary value meets (non-blank text, ids from 1, the integer range, size
 * limits of {@value #STATED_SIZE_LIMIT} or more, unknown names): every agent pays for each published character,
 * and the check refuses any breach with the field and the bound.
 *
 * <p>The check is strict and speaks in argument names: an unknown argument is refused with the list of
 * accepted ones, a value of the wrong JSON type is refused with the expected type, and list entries are
 * reported as {@code name[i]}. Strings, at any depth, must not be blank and follow the {@link TextRule}: free
 * text holds no control character but tab and line breaks, and a parameter that names something (its name
 * is, or ends in, one of {@link #IDENTIFIER_WORDS}: {@code session_id}, {@code to_agent}, {@code base_branch})
 * is an identifier, one line without any control character; no string holds a lone surrogate. Every failure
 * is a {@link ColonyException} with {@link ErrorCode#INVALID_ARGUMENT} and the field, and echoes values only
 * through {@link Echo}.
 *
 * @param <A> the argument record
 */
public final class ArgumentSchema<A extends Record> {

    /** The largest integer a JavaScript client reads exactly (2^53 - 1); no bound exceeds it. */
    public static final long MAX_SAFE_INTEGER = 9_007_199_254_740_991L;

    /**
     * The smallest size limit a published schema leaves out: a text or list is refused above its limit whatever
     * the limit, but a limit of this many characters or entries is one no ordinary value meets (a user name of
     * 128 characters, a title of 300), and every agent pays for each stated bound.
     */
    static final int STATED_SIZE_LIMIT = 100;

    /**
     * The words that make a string parameter an identifier when its wire name is one of them or ends in
     * {@code _} and one of them: it names a session, a run, an agent, a branch, a plan, a collection or a user.
     */
    public static final List<String> IDENTIFIER_WORDS = List.of("id", "ids", "agent", "branch", "slug", "collection",
            "user", "recipient");

    private final Class<A> type;
    private final Constructor<A> constructor;
    private final List<Argument> arguments;
    private final Map<String, Argument> byName;
    private final ObjectNode schema;

    private ArgumentSchema(Class<A> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        List<Argument> list = new ArrayList<>(components.length);
        Map<String, Argument> names = new LinkedHashMap<>();
        Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            Argument argument = Argument.of(type, components[i]);
            if (names.putIfAbsent(argument.name, argument) != null) {
                throw new IllegalArgumentException(type.getName() + " declares " + argument.name + " twice");
            }
            list.add(argument);
            parameterTypes[i] = components[i].getType();
        }
        this.arguments = List.copyOf(list);
        this.byName = Collections.unmodifiableMap(names);
        try {
            this.constructor = type.getDeclaredConstructor(parameterTypes);
            this.constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no canonical constructor", e);
        }
        this.schema = buildSchema();
    }

    private ArgumentSchema(ArgumentSchema<A> published, ObjectNode schema) {
        this.type = published.type;
        this.constructor = published.constructor;
        this.arguments = published.arguments;
        this.byName = published.byName;
        this.schema = schema;
    }

    /**
     * Generates the schema of an argument record and checks the declaration: every component has a
     * described {@link Param}, a supported type, bounds within {@link #MAX_SAFE_INTEGER}, and a default
     * (if any) that passes its own constraints; a primitive component is required or has a default.
     *
     * @throws IllegalArgumentException when the declaration breaks one of these rules
     */
    public static <A extends Record> ArgumentSchema<A> of(Class<A> type) {
        return new ArgumentSchema<>(Objects.requireNonNull(type, "type"));
    }

    /**
     * This schema publishing none of {@code names}, for a tool that serves them only when the server allows it:
     * a call that still sends one is read as before, so that the handler can refuse it with its own code.
     */
    public ArgumentSchema<A> unlisting(Set<String> names) {
        ObjectNode copy = schema.deepCopy();
        ((ObjectNode) copy.get("properties")).remove(names);
        if (copy.get("required") instanceof ArrayNode required) {
            for (int i = required.size() - 1; i >= 0; i--) {
                if (names.contains(required.get(i).asText())) {
                    required.remove(i);
                }
            }
        }
        return new ArgumentSchema<>(this, copy);
    }

    /**
     * This schema publishing the entries of the list {@code name} as plain objects, for a tool whose description
     * names the tool that publishes their fields, so that one schema is not printed twice: the entries are
     * checked field by field as before.
     */
    public ArgumentSchema<A> withEntriesDeclaredElsewhere(String name) {
        if (!(schema.get("properties").get(name) instanceof ObjectNode list) || !list.has("items")) {
            throw new IllegalArgumentException(type.getName() + " has no list argument " + name);
        }
        ObjectNode copy = schema.deepCopy();
        ((ObjectNode) copy.get("properties").get(name)).putObject("items").put("type", "object");
        return new ArgumentSchema<>(this, copy);
    }

    /** The argument record. */
    public Class<A> type() {
        return type;
    }

    /** The JSON Schema of the arguments (a fresh copy, free to change). */
    public ObjectNode schema() {
        return schema.deepCopy();
    }

    /** The accepted argument names, in declaration order. */
    public Set<String> names() {
        return byName.keySet();
    }

    /**
     * Checks the arguments of a call and builds the record.
     *
     * @param values the {@code arguments} object of the call; {@code null} or JSON null for none
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field for every violation
     */
    public A read(JsonNode values) {
        JsonNode present = values == null || values.isNull() || values.isMissingNode()
                ? JsonNodeFactory.instance.objectNode() : values;
        if (!present.isObject()) {
            throw ColonyException.invalid("arguments", "must be an object, was " + describe(present));
        }
        for (var names = present.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!byName.containsKey(name)) {
                // Only the published names: one this server does not list stays unnamed here too.
                Set<String> listed = new TreeSet<>();
                schema.get("properties").fieldNames().forEachRemaining(listed::add);
                throw ColonyException.invalid(Echo.capped(name), "is not a parameter of this tool; accepted: "
                        + (listed.isEmpty() ? "none" : String.join(", ", listed)));
            }
        }
        Object[] parameters = new Object[arguments.size()];
        for (int i = 0; i < parameters.length; i++) {
            Argument argument = arguments.get(i);
            parameters[i] = argument.read(present.get(argument.name));
        }
        try {
            return constructor.newInstance(parameters);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new ColonyException(ErrorCode.INTERNAL, "cannot build " + type.getSimpleName(), e);
        } catch (ReflectiveOperationException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "cannot build " + type.getSimpleName(), e);
        }
    }

    private ObjectNode buildSchema() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("type", "object");
        ObjectNode properties = root.putObject("properties");
        ArrayNode required = JsonNodeFactory.instance.arrayNode();
        for (Argument argument : arguments) {
            properties.set(argument.name, argument.schema());
            if (argument.required) {
                required.add(argument.name);
            }
        }
        if (!required.isEmpty()) {
            root.set("required", required);
        }
        return root;
    }

    /** A JSON value's kind as an error message names it. */
    static String describe(JsonNode node) {
        if (node == null || node.isNull()) {
            return "null";
        }
        if (node.isTextual()) {
            return "a string";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isObject()) {
            return "an object";
        }
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    /** The value types an argument may have. */
    private enum Kind {
        STRING, INT, LONG, DOUBLE, BOOLEAN, STRING_LIST, LONG_LIST, OBJECT, OBJECT_LIST, CHECKED_LIST;

        boolean isList() {
            return this == STRING_LIST || this == LONG_LIST || this == OBJECT_LIST || this == CHECKED_LIST;
        }
    }

    /** One declared argument: its name, type, constraints and default. */
    private static final class Argument {

        /** Parses declared defaults with the streaming parser, without building a data-binding mapper. */
        private static final JsonFactory DEFAULTS = new JsonFactory();

        final String name;
        final Kind kind;
        final boolean primitive;
        final String description;
        final boolean required;
        final long min;
        final long max;
        final double decimalMin;
        final double decimalMax;
        final int minSize;
        final int maxSize;
        final List<String> choices;
        final Object fallback;
        final JsonNode fallbackJson;
        final ArgumentSchema<?> nested;
        final boolean identifier;

        private Argument(Class<?> record, RecordComponent component) {
            String where = record.getSimpleName() + "." + component.getName();
            Param param = component.getAnnotation(Param.class);
            if (param == null) {
                throw new IllegalArgumentException(where + " needs a @Param");
            }
            this.name = JsonNames.of(component.getName());
            if (param.value().isBlank() && !SharedParams.isShared(name)) {
                throw new IllegalArgumentException(where + " needs a description: " + name
                        + " is not a shared parameter");
            }
            this.identifier = IDENTIFIER_WORDS.stream()
                    .anyMatch(word -> name.equals(word) || name.endsWith("_" + word));
            this.kind = kindOf(where, component.getGenericType());
            this.nested = switch (kind) {
                case OBJECT -> nestedSchema(component.getType());
                case OBJECT_LIST -> nestedSchema((Class<?>) entryType(component.getGenericType()));
                case CHECKED_LIST -> nestedSchema((Class<?>) ((ParameterizedType) entryType(component.getGenericType()))
                        .getActualTypeArguments()[0]);
                default -> null;
            };
            if (kind == Kind.OBJECT && (param.required() || !param.defaultValue().isEmpty())) {
                throw new IllegalArgumentException(where + ": a nested object is optional and has no default");
            }
            this.primitive = component.getType().isPrimitive();
            this.description = param.value().strip();
            this.required = param.required();
            Range range = component.getAnnotation(Range.class);
            boolean integral = kind == Kind.INT || kind == Kind.LONG || kind == Kind.LONG_LIST;
            if (range != null && !integral) {
                throw new IllegalArgumentException(where + ": @Range applies to integers only");
            }
            long lowest = kind == Kind.INT ? Integer.MIN_VALUE : -MAX_SAFE_INTEGER;
            long highest = kind == Kind.INT ? Integer.MAX_VALUE : MAX_SAFE_INTEGER;
            this.min = range == null ? lowest : range.min();
            this.max = range == null ? highest : range.max();
            if (min < lowest || max > highest || min > max) {
                throw new IllegalArgumentException(where + ": @Range must lie within [" + lowest + ", " + highest
                        + "] with min <= max");
            }
            Between between = component.getAnnotation(Between.class);
            if (between != null && kind != Kind.DOUBLE) {
                throw new IllegalArgumentException(where + ": @Between applies to decimals only");
            }
            this.decimalMin = between == null ? -Double.MAX_VALUE : between.min();
            this.decimalMax = between == null ? Double.MAX_VALUE : between.max();
            if (!(decimalMin <= decimalMax)) {
                throw new IllegalArgumentException(where + ": @Between needs min <= max");
            }
            Size size = component.getAnnotation(Size.class);
            if (size != null && kind != Kind.STRING && !kind.isList()) {
                throw new IllegalArgumentException(where + ": @Size applies to strings and lists only");
            }
            this.minSize = size == null ? 0 : size.min();
            this.maxSize = size == null ? Integer.MAX_VALUE : size.max();
            if (minSize < 0 || minSize > maxSize) {
                throw new IllegalArgumentException(where + ": @Size needs 0 <= min <= max");
            }
            Choices choiceAnnotation = component.getAnnotation(Choices.class);
            if (choiceAnnotation != null && kind != Kind.STRING) {
                throw new IllegalArgumentException(where + ": @Choices applies to strings only");
            }
            this.choices = choiceAnnotation == null ? List.of() : supplied(where, choiceAnnotation.value());
            if (param.defaultValue().isEmpty()) {
                this.fallbackJson = null;
                this.fallback = kind.isList() ? List.of() : null;
                if (primitive && !required) {
                    throw new IllegalArgumentException(where + " is primitive: make it required or give a default");
                }
            } else {
                if (required) {
                    throw new IllegalArgumentException(where + " is required and cannot have a default");
                }
                this.fallbackJson = parseDefault(where, param.defaultValue());
                try {
                    this.fallback = convert(fallbackJson);
                } catch (ColonyException e) {
                    throw new IllegalArgumentException(where + ": the default breaks its own constraints: "
                            + e.getMessage(), e);
                }
            }
        }

        static Argument of(Class<?> record, RecordComponent component) {
            return new Argument(record, component);
        }

        private static Type entryType(Type list) {
            return ((ParameterizedType) list).getActualTypeArguments()[0];
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static ArgumentSchema<?> nestedSchema(Class<?> type) {
            return ArgumentSchema.of((Class) type);
        }

        private static Kind kindOf(String where, Type type) {
            if (type == String.class) {
                return Kind.STRING;
            }
            if (type == int.class || type == Integer.class) {
                return Kind.INT;
            }
            if (type == long.class || type == Long.class) {
                return Kind.LONG;
            }
            if (type == boolean.class || type == Boolean.class) {
                return Kind.BOOLEAN;
            }
            if (type == double.class || type == Double.class) {
                return Kind.DOUBLE;
            }
            if (type instanceof Class<?> plain && plain.isRecord()) {
                return Kind.OBJECT;
            }
            if (type instanceof ParameterizedType generic && generic.getRawType() == List.class) {
                Type entry = generic.getActualTypeArguments()[0];
                if (entry == String.class) {
                    return Kind.STRING_LIST;
                }
                if (entry == Long.class) {
                    return Kind.LONG_LIST;
                }
                if (entry instanceof Class<?> plain && plain.isRecord() && plain != Checked.class) {
                    return Kind.OBJECT_LIST;
                }
                if (entry instanceof ParameterizedType checked && checked.getRawType() == Checked.class
                        && checked.getActualTypeArguments()[0] instanceof Class<?> plain && plain.isRecord()) {
                    return Kind.CHECKED_LIST;
                }
            }
            throw new IllegalArgumentException(where + " has an unsupported type " + type.getTypeName());
        }

        private static List<String> supplied(String where, Class<? extends Supplier<List<String>>> source) {
            try {
                List<String> values = List.copyOf(source.getDeclaredConstructor().newInstance().get());
                if (values.isEmpty()) {
                    throw new IllegalArgumentException(where + ": @Choices supplies no values");
                }
                return values;
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException(where + ": cannot instantiate " + source.getName(), e);
            }
        }

        private JsonNode parseDefault(String where, String text) {
            if (kind == Kind.STRING) {
                return JsonNodeFactory.instance.textNode(text);
            }
            try (JsonParser parser = DEFAULTS.createParser(text)) {
                JsonNode value = JsonTrees.read(parser);
                if (value == null || parser.nextToken() != null) {
                    throw new IOException("not one JSON value");
                }
                return value;
            } catch (IOException e) {
                throw new IllegalArgumentException(where + ": the default is not JSON: " + text, e);
            }
        }

        ObjectNode schema() {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            switch (kind) {
                case STRING -> {
                    node.put("type", "string");
                    stringBounds(node);
                    if (!choices.isEmpty()) {
                        ArrayNode values = node.putArray("enum");
                        choices.forEach(values::add);
                    }
                }
                case INT, LONG -> {
                    node.put("type", "integer");
                    integerBounds(node);
                }
                case DOUBLE -> {
                    node.put("type", "number");
                    if (decimalMin != -Double.MAX_VALUE) {
                        node.put("minimum", decimalMin);
                    }
                    if (decimalMax != Double.MAX_VALUE) {
                        node.put("maximum", decimalMax);
                    }
                }
                case BOOLEAN -> node.put("type", "boolean");
                case STRING_LIST -> {
                    node.put("type", "array");
                    ObjectNode items = node.putObject("items");
                    items.put("type", "string");
                    listBounds(node);
                }
                case LONG_LIST -> {
                    node.put("type", "array");
                    ObjectNode items = node.putObject("items");
                    items.put("type", "integer");
                    integerBounds(items);
                    listBounds(node);
                }
                case OBJECT -> node.setAll(nested.schema());
                case OBJECT_LIST -> {
                    node.put("type", "array");
                    node.set("items", nested.schema());
                    listBounds(node);
                }
                case CHECKED_LIST -> {
                    node.put("type", "array");
                    node.putObject("items").put("type", "object");
                    listBounds(node);
                }
                default -> throw new IllegalStateException(kind.name());
            }
            if (!description.isEmpty()) {
                node.put("description", description);
            }
            if (fallbackJson != null) {
                node.set("default", fallbackJson);
            }
            return node;
        }

        /** A string's length bounds, stated only when they guide the value: above one, and short limits. */
        private void stringBounds(ObjectNode node) {
            if (minSize > 1) {
                node.put("minLength", minSize);
            }
            if (maxSize < STATED_SIZE_LIMIT) {
                node.put("maxLength", maxSize);
            }
        }

        /** An integer's bounds, stated only when they guide the value: not 0 or 1 below, nor the type's range. */
        private void integerBounds(ObjectNode node) {
            long lowest = kind == Kind.INT ? Integer.MIN_VALUE : -MAX_SAFE_INTEGER;
            long highest = kind == Kind.INT ? Integer.MAX_VALUE : MAX_SAFE_INTEGER;
            if (min != lowest && min != 0 && min != 1) {
                node.put("minimum", min);
            }
            if (max != highest) {
                node.put("maximum", max);
            }
        }

        private void listBounds(ObjectNode node) {
            if (minSize > 0) {
                node.put("minItems", minSize);
            }
            if (maxSize < STATED_SIZE_LIMIT) {
                node.put("maxItems", maxSize);
            }
        }

        /** The checked value of this argument, its default when absent. */
        Object read(JsonNode value) {
            if (value == null || value.isNull()) {
                if (required) {
                    throw ColonyException.invalid(name, "is required");
                }
                return fallback;
            }
            return convert(value);
        }

        private Object convert(JsonNode value) {
            return switch (kind) {
                case STRING -> string(name, value);
                case INT -> (int) integer(name, value);
                case LONG -> integer(name, value);
                case DOUBLE -> decimal(name, value);
                case BOOLEAN -> {
                    if (!value.isBoolean()) {
                        throw wrongType(name, "a boolean", value);
                    }
                    yield value.booleanValue();
                }
                case STRING_LIST -> elements(value, this::string);
                case LONG_LIST -> elements(value, this::integer);
                case OBJECT -> object(name, value);
                case OBJECT_LIST -> elements(value, this::object);
                case CHECKED_LIST -> elements(value, this::checked);
            };
        }

        private String string(String field, JsonNode value) {
            if (!value.isTextual()) {
                throw wrongType(field, "a string", value);
            }
            String text = identifier ? TextRule.identifier(field, value.textValue())
                    : TextRule.freeText(field, value.textValue());
            if (text.isBlank()) {
                throw ColonyException.invalid(field, "must not be blank");
            }
            if (kind == Kind.STRING) {
                if (text.length() < minSize || text.length() > maxSize) {
                    throw ColonyException.invalid(field, sizeRule("characters") + ", was " + text.length());
                }
                if (!choices.isEmpty() && !choices.contains(text)) {
                    throw ColonyException.invalid(field, "must be one of " + String.join(", ", choices) + "; was "
                            + Echo.quoted(text));
                }
            }
            return text;
        }

        /** A nested object at {@code field}, read by its own schema; its errors are reported as {@code field.x}. */
        private Object object(String field, JsonNode value) {
            if (!value.isObject()) {
                throw wrongType(field, "an object", value);
            }
            try {
                return nested.read(value);
            } catch (ColonyException e) {
                if (e.code() != ErrorCode.INVALID_ARGUMENT || e.field() == null) {
                    throw e;
                }
                String prefix = e.field() + ": ";
                String problem = e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length())
                        : e.getMessage();
                throw ColonyException.invalid(field + "." + e.field(), problem);
            }
        }

        /**
         * An entry of a list of {@link Checked} records at {@code field}: read by its own schema, a fault inside it
         * kept as the entry's refusal (naming the field inside the entry). An entry that is not an object is
         * the call's fault.
         */
        private Checked<?> checked(String field, JsonNode value) {
            if (!value.isObject()) {
                throw wrongType(field, "an object", value);
            }
            try {
                return Checked.of(nested.read(value));
            } catch (ColonyException e) {
                if (e.code() != ErrorCode.INVALID_ARGUMENT || e.field() == null) {
                    throw e;
                }
                return Checked.refused(e);
            }
        }

        /** The entries of a list argument, each checked by {@code entry} under its own field path. */
        private <T> List<T> elements(JsonNode value, BiFunction<String, JsonNode, T> entry) {
            JsonNode array = list(value);
            List<T> entries = new ArrayList<>(array.size());
            for (int i = 0; i < array.size(); i++) {
                String field = name + "[" + i + "]";
                JsonNode element = array.get(i);
                if (element.isNull()) {
                    throw ColonyException.invalid(field, "must not be null");
                }
                entries.add(entry.apply(field, element));
            }
            return List.copyOf(entries);
        }

        private JsonNode list(JsonNode value) {
            if (!value.isArray()) {
                throw wrongType(name, "an array", value);
            }
            if (value.size() < minSize || value.size() > maxSize) {
                throw ColonyException.invalid(name, sizeRule("entries") + ", held " + value.size());
            }
            return value;
        }

        private String sizeRule(String unit) {
            if (maxSize == Integer.MAX_VALUE) {
                return "must hold at least " + minSize + " " + unit;
            }
            if (minSize == 0) {
                return "must hold at most " + maxSize + " " + unit;
            }
            return "must hold " + minSize + " to " + maxSize + " " + unit;
        }

        private double decimal(String field, JsonNode value) {
            if (!value.isNumber()) {
                throw wrongType(field, "a number", value);
            }
            double number = value.doubleValue();
            if (!Double.isFinite(number) || number < decimalMin || number > decimalMax) {
                throw ColonyException.invalid(field, "must be between " + decimalMin + " and " + decimalMax + ", was "
                        + Echo.capped(value.asText()));
            }
            return number;
        }

        private long integer(String field, JsonNode value) {
            long number;
            if (value.isIntegralNumber()) {
                if (!value.canConvertToLong()) {
                    throw ColonyException.invalid(field, "must be between " + min + " and " + max
                            + ", was a number of " + value.bigIntegerValue().abs().bitLength() + " bits");
                }
                number = value.longValue();
            } else if (value.isNumber()) {
                BigDecimal decimal = value.decimalValue();
                BigInteger whole;
                try {
                    whole = decimal.toBigIntegerExact();
                } catch (ArithmeticException e) {
                    throw ColonyException.invalid(field, "must be a whole number, was " + Echo.capped(value.asText()));
                }
                if (whole.bitLength() >= 64) {
                    throw ColonyException.invalid(field, "must be between " + min + " and " + max
                            + ", was a number of " + whole.abs().bitLength() + " bits");
                }
                number = whole.longValue();
            } else {
                throw wrongType(field, "an integer", value);
            }
            if (number < min || number > max) {
                throw ColonyException.invalid(field, "must be between " + min + " and " + max + ", was " + number);
            }
            return number;
        }

        private static ColonyException wrongType(String field, String expected, JsonNode value) {
            return ColonyException.invalid(field, "must be " + expected + ", was " + describe(value));
        }
    }
}
