package dev.colony.api.admin;

import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import java.util.Map;

/**
 * Where an export writes: the header first, then every row, tables in restore order and rows in key order. Called
 * after the export's read transaction ended, on the exporting thread.
 */
public interface ArchiveSink {

    /** Receives what the archive says of itself, once, before any row. */
    void header(ArchiveHeader header);

    /**
     * Receives one row of {@code table}.
     *
     * @param values the row by column name, in the table's column order: {@code Long}, {@code String}, {@code
     *     Boolean}, {@code byte[]} or null
     */
    void row(ArchiveTable table, Map<String, Object> values);

    /** Called once after the last row: a sink that writes flushes here. */
    void end();
}
