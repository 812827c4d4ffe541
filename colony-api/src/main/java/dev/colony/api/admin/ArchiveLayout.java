package dev.colony.api.admin;

import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import java.util.List;

/**
 * The tables a store archives, in the order a restore writes them, and the formats of rows it restores: what a
 * source checks an archive against.
 *
 * @param format the store's row format, the one its archives are written in
 * @param oldestFormat the oldest row format it restores; an archive of a format outside {@code oldestFormat} to
 *     {@code format} is refused, and one of an earlier format lacks the columns added since
 *     ({@link dev.colony.spi.storage.ArchiveRecords.ArchiveColumn#since()})
 * @param tables the archived tables with their columns
 */
public record ArchiveLayout(int format, int oldestFormat, List<ArchiveTable> tables) {

    /** Checks the formats and copies the tables. */
    public ArchiveLayout {
        if (oldestFormat > format) {
            throw new IllegalArgumentException("oldestFormat " + oldestFormat + " is after format " + format);
        }
        tables = List.copyOf(tables);
    }

    /** A layout that restores archives of its own format only. */
    public ArchiveLayout(int format, List<ArchiveTable> tables) {
        this(format, format, tables);
    }

    /** Whether archives of row format {@code archiveFormat} are restored. */
    public boolean restores(int archiveFormat) {
        return archiveFormat >= oldestFormat && archiveFormat <= format;
    }

    /** The formats restored, for messages: "18" or "18 to 25". */
    public String restoredFormats() {
        return oldestFormat == format ? Integer.toString(format) : oldestFormat + " to " + format;
    }
}
