package dev.colony.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.memory.SearchHit;
import dev.colony.launch.LaunchSettings;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formats Colony records as short lines for people reading a terminal. */
final class Printing {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private Printing() {
    }

    /**
     * {@code 1. #12  decision  2025-01-01 10:00:00Z  session codex-...}: the hit's rank (1 is best), never
     * its raw score, which depends on word statistics of the whole store rather than of what the reader
     * may see.
     */
    static String hitLine(int rank, SearchHit hit) {
        return String.format(Locale.ROOT, "%2d. #%-5d %-12s %s  session %s%s", rank, hit.id().value(),
                hit.kind().name(), time(hit.ts()), hit.session().value(),
                hit.task() == null ? "" : "  task " + hit.task().value());
    }

    /**
     * The identity the read-only views read as: the configured user, as the agent and session
     * {@value SearchCommand#CLI_AGENT} (no session is created for it).
     */
    static Actor reader(LaunchSettings settings) {
        return new Actor(settings.user(), SearchCommand.CLI_AGENT, SessionId.of(SearchCommand.CLI_AGENT));
    }

    /** A new empty JSON array to fill for a {@code --json} view. */
    static ArrayNode jsonArray() {
        return MAPPER.createArrayNode();
    }

    /** {@code value} (a map, a list, a scalar) as a JSON tree. */
    static JsonNode toJson(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** {@code value} as JSON on one line. */
    static String compactJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "cannot write a value as JSON", e);
        }
    }

    /** A new empty JSON object to fill for a {@code --json} view. */
    static ObjectNode jsonObject() {
        return MAPPER.createObjectNode();
    }

    /** {@code json} as indented JSON; {@code what} names the rows in the error that cannot happen. */
    static String prettyJson(JsonNode json, String what) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "cannot write the " + what + " as JSON", e);
        }
    }

    /** A UTC timestamp to the second. */
    static String time(Instant instant) {
        return instant == null ? "-" : TIME.format(instant);
    }

    /** The text on one line, shortened to {@code max} characters. */
    static String oneLine(String text, int max) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= max ? flat : flat.substring(0, max - 3) + "...";
    }

    /** The text on one line, shortened to 160 characters. */
    static String oneLine(String text) {
        return oneLine(text, 160);
    }
}
