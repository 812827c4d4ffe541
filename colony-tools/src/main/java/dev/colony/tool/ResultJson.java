package dev.colony.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;

/**
 * A tool result record as the JSON text a tool call returns: wire names ({@code snake_case}), the
 * result's own inclusion rules. Used where the same shape is shown outside a tool call (the CLI's
 * {@code --json} views) and to estimate what a result costs.
 */
public final class ResultJson {

    private ResultJson() {
    }

    /** {@code result} (a result record or a part of one) as compact JSON text. */
    public static String of(Object result) {
        try {
            return JsonNames.mapper().writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code result} (a result record, or a list of them) as indented JSON text, for people. */
    public static String pretty(Object result) {
        try {
            return JsonNames.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
