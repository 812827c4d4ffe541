package dev.colony.tool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one naming rule of the tool wire format: record components in camelCase travel as snake_case
 * keys ({@code sessionId} is {@code session_id}). Schemas, argument readers and the result mapper all
 * use this class, so a name in a schema is always the name on the wire.
 */
final class JsonNames {

    private static final PropertyNamingStrategies.NamingBase SNAKE_CASE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private JsonNames() {
    }

    /** The wire name of a record component. */
    static String of(String componentName) {
        return SNAKE_CASE.translate(componentName);
    }

    /**
     * The mapper that writes result records with their wire names; shared, never reconfigured. Built on
     * first use, by the first tool call: building it costs a cold process a large share of its start-up,
     * and the handshake and the tool definitions do not need it.
     */
    static ObjectMapper mapper() {
        return Mapper.INSTANCE;
    }

    /** Holds the mapper until it is first needed. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }
}
