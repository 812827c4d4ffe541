package dev.colony.api.admin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One row of an archive, as a source read it.
 *
 * @param line where the source read it (1-based), for errors that name it
 * @param table the table's name
 * @param values the row by column name: {@code Long}, {@code String}, {@code Boolean}, {@code byte[]} or null
 */
public record ArchivedRow(int line, String table, Map<String, Object> values) {

    /** Checks the table and copies the values, keeping their order. */
    public ArchivedRow {
        Objects.requireNonNull(table, "table");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
