package dev.colony.api.admin;

import dev.colony.api.UserId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What an export wrote or an import restored.
 *
 * @param user whose archive it is
 * @param rows how many rows of each table, in archive order
 */
public record ArchiveSummary(UserId user, Map<String, Long> rows) {

    /** Checks the user and copies the counts. */
    public ArchiveSummary {
        Objects.requireNonNull(user, "user");
        rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    /** How many rows in all. */
    public long total() {
        return rows.values().stream().mapToLong(Long::longValue).sum();
    }
}
