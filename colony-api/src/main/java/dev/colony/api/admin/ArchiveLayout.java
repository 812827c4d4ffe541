package dev.colony.api.admin;

import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import java.util.List;

/**
 * The tables a store archives, in the order a restore writes them, and the format of their rows: what a source
 * checks an archive against.
 *
 * @param format the store's row format; an archive of another format is refused
 * @param tables the archived tables with their columns
 */
public record ArchiveLayout(int format, List<ArchiveTable> tables) {

    /** Copies the tables. */
    public ArchiveLayout {
        tables = List.copyOf(tables);
    }
}
