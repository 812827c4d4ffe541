package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Whole rows of what one user may read, to move them into another store: the namespaces the user may read
 * with their members, the sessions that wrote into them, their tasks, their live memories with vectors, and
 * the user's pending signals. Rows are read and restored as they are stored, ids included, so that an
 * archive restored into an empty store reads back exactly as it was written; a reference to a row the
 * archive leaves out (a reply to a forgotten memory, a post on another namespace's task) is read as
 * {@code null}, so that every restored reference holds.
 */
public interface ArchiveRecords {

    /**
     * The version of the row format: it changes whenever a table or column of {@link #tables()} does. A store
     * restores archives of this version and of earlier ones back to {@link #oldestFormat()}.
     */
    int format();

    /**
     * The oldest row format this store restores: an archive of a format from this one up to {@link #format()}
     * lacks the columns added after it ({@link ArchiveColumn#since()}), which are restored as {@code null}. By
     * default {@link #format()}: only archives of this version.
     */
    default int oldestFormat() {
        return format();
    }

    /** The tables of an archive, in the order a restore needs them (referenced rows first). */
    List<ArchiveTable> tables();

    /**
     * Passes each row of {@code table} that {@code scope} covers to {@code sink}, in key order, as a map
     * from column name to value: a {@code Long}, {@code String}, {@code Boolean}, {@code byte[]} or
     * {@code null}, as the column's {@link ColumnType} says.
     */
    void read(String table, ArchiveScope scope, Consumer<Map<String, Object>> sink);

    /** Whether the store holds no namespace, session or memory: the only kind of store a restore writes into. */
    boolean isEmpty();

    /**
     * Inserts one row of {@code table} as {@link #read} gave it, ids included; every column of the table
     * must be present ({@code null} for one the archive's format lacks). Must run in a write transaction.
     */
    void restore(String table, Map<String, Object> row);

    /** After a restore, lets the ids the store hands out next follow the largest restored ones. */
    void realignIds();

    /**
     * One table of an archive.
     *
     * @param name the table's name, as archives spell it
     * @param columns its columns, in archive order
     */
    record ArchiveTable(String name, List<ArchiveColumn> columns) {

        /** Checks the name and copies the columns. */
        public ArchiveTable {
            Objects.requireNonNull(name, "name");
            columns = List.copyOf(columns);
        }
    }

    /**
     * One column of an archived table.
     *
     * @param name the column's name
     * @param type the kind of value it holds
     * @param since the first row format that holds it: archives of earlier formats lack it (0: every format)
     */
    record ArchiveColumn(String name, ColumnType type, int since) {

        /** Checks that the name and type are present. */
        public ArchiveColumn {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /** A column that archives of every format hold. */
        public ArchiveColumn(String name, ColumnType type) {
            this(name, type, 0);
        }

        /** Whether an archive of row format {@code format} holds this column. */
        public boolean heldBy(int format) {
            return since <= format;
        }
    }

    /** The kinds of value an archived column holds. */
    enum ColumnType {
        /** A {@code Long}. */
        INTEGER,
        /** A {@code String}. */
        TEXT,
        /** A {@code Boolean}. */
        BOOLEAN,
        /** A {@code byte[]}, such as an embedding. */
        BYTES
    }

    /**
     * What an archive covers.
     *
     * @param user whose archive it is (its pending signals are included)
     * @param namespaces the namespaces it may read
     * @param now the time at which a signal counts as expired
     */
    record ArchiveScope(UserId user, Set<NamespaceId> namespaces, Instant now) {

        /** Checks the components and copies the namespaces. */
        public ArchiveScope {
            Objects.requireNonNull(user, "user");
            namespaces = Set.copyOf(namespaces);
            Objects.requireNonNull(now, "now");
        }
    }
}
