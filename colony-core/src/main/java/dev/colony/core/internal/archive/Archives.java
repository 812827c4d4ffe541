package dev.colony.core.internal.archive;

import dev.colony.api.ColonyException;
import dev.colony.api.UserId;
import dev.colony.api.admin.ArchiveHeader;
import dev.colony.api.admin.ArchiveLayout;
import dev.colony.api.admin.ArchiveSink;
import dev.colony.api.admin.ArchiveSource.Archive;
import dev.colony.api.admin.ArchiveSource;
import dev.colony.api.admin.ArchiveSummary;
import dev.colony.api.admin.ArchivedRow;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.ArchiveRecords.ArchiveScope;
import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import dev.colony.spi.storage.ArchiveRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Exports what one user may read, and restores such an archive into an empty store. What is in an archive is
 * decided here; how it is written is the sink's and the source's (the JSON-lines codec is in colony-archive).
 *
 * <p>An export holds the namespaces the access gate lets the user read when it runs, so it holds nothing the user
 * could not read through the tools: their members, sessions, tasks, memories and signals, tables in the order a
 * restore needs them and rows in key order, all read in one transaction and handed to the sink after it ended.
 *
 * <p>A restore reads and checks the whole archive before it writes, then restores it in one transaction into a
 * store that must be empty, ids included: exporting the same user from the new store gives the same archive (when
 * it was of the store's own format; an archive of an earlier format lacks the columns added since, restored as
 * {@code null}, such as the sentence vectors that {@code colony reindex} then embeds). The
 * search index learns the restored memories through the change feed, as it learns any write.
 */
public final class Archives {

    private final Kernel kernel;

    /** Archives over {@code kernel}'s store, access gate and clock. */
    public Archives(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    /**
     * Hands {@code user}'s archive to {@code sink}.
     *
     * @return what was exported
     */
    public ArchiveSummary export(UserId user, ArchiveSink sink) {
        Check.required("user", user);
        Check.required("sink", sink);
        Instant now = kernel.time().now();
        // The store owner exports what the user would read, asked of the user's view of the store.
        Exported exported = kernel.store(user).read(tx -> {
            ArchiveRecords archive = tx.archive();
            ArchiveScope scope = new ArchiveScope(user, tx.readable(), now);
            List<Exported.Row> rows = new ArrayList<>();
            Map<String, Long> counts = new LinkedHashMap<>();
            for (ArchiveTable table : archive.tables()) {
                long[] count = {0};
                archive.read(table.name(), scope, row -> {
                    count[0]++;
                    rows.add(new Exported.Row(table, new LinkedHashMap<>(row)));
                });
                counts.put(table.name(), count[0]);
            }
            return new Exported(new ArchiveHeader(user, archive.format(), now), rows, counts);
        });
        sink.header(exported.header());
        for (Exported.Row row : exported.rows()) {
            sink.row(row.table(), row.values());
        }
        sink.end();
        return new ArchiveSummary(user, exported.counts());
    }

    /**
     * Restores the archive {@code source} reads into this store, which must be empty.
     *
     * @return what was restored
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code archive} for a malformed archive (the
     *     message names the line), one of another format, or a store that is not empty; nothing is written
     */
    public ArchiveSummary restore(ArchiveSource source) {
        Check.required("source", source);
        ArchiveLayout layout = kernel.storage().read(tx -> new ArchiveLayout(tx.archive().format(),
                tx.archive().oldestFormat(), tx.archive().tables()));
        Archive archive = source.read(layout);
        if (!layout.restores(archive.header().format())) {
            throw ColonyException.invalid("archive", "the archive's rows are of format " + archive.header().format()
                    + ", and this store reads format " + layout.restoredFormats()
                    + ": export it again with the same Colony version");
        }
        kernel.storage().write(tx -> {
            ArchiveRecords records = tx.archive();
            if (!records.isEmpty()) {
                throw ColonyException.invalid("archive", "an archive is restored only into an empty store, and "
                        + "this one holds data");
            }
            for (ArchivedRow row : archive.rows()) {
                try {
                    records.restore(row.table(), row.values());
                } catch (ColonyException e) {
                    throw ColonyException.invalid("archive", "line " + row.line() + ": " + e.getMessage());
                }
            }
            records.realignIds();
            return null;
        });
        Map<String, Long> counts = new LinkedHashMap<>();
        layout.tables().forEach(table -> counts.put(table.name(), 0L));
        archive.rows().forEach(row -> counts.merge(row.table(), 1L, Long::sum));
        return new ArchiveSummary(archive.header().user(), counts);
    }

    private record Exported(ArchiveHeader header, List<Row> rows, Map<String, Long> counts) {

        private record Row(ArchiveTable table, Map<String, Object> values) {
        }
    }
}
