package dev.colony.api.admin;

import dev.colony.api.ColonyException;
import java.util.List;

/** An archive to restore, read whole and checked against the store's layout before anything is written. */
public interface ArchiveSource {

    /**
     * Reads the archive.
     *
     * @param layout the tables and the row format of the store it is restored into
     * @return the archive's header and its rows, each of a table in {@code layout}, with every column of it and
     *     values of the column's type
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code archive} (and the line) when the archive is
     *     malformed, of another format, or names a table or column the layout lacks
     */
    Archive read(ArchiveLayout layout);

    /**
     * An archive as read.
     *
     * @param header what it says of itself
     * @param rows its rows, in order
     */
    record Archive(ArchiveHeader header, List<ArchivedRow> rows) {

        /** Copies the rows. */
        public Archive {
            rows = List.copyOf(rows);
        }
    }
}
