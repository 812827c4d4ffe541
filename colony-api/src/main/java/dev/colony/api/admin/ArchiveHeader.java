package dev.colony.api.admin;

import dev.colony.api.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * What an archive says of itself before its rows.
 *
 * @param user whose archive it is
 * @param format the store's row format the rows are in ({@link ArchiveLayout#format()})
 * @param exportedAt when the export read the store; null when an archive read back does not say
 */
public record ArchiveHeader(UserId user, int format, Instant exportedAt) {

    /** Checks the user. */
    public ArchiveHeader {
        Objects.requireNonNull(user, "user");
    }
}
