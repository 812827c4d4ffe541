package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.activity.FileEdit;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Recorded file edits. Rows are only inserted; readers decide by age how much an edit still counts.
 * {@link #insert} must run in a write transaction.
 */
public interface FileEditRecords {

    /** Stores one edit. The thread and the session must exist. */
    void insert(FileEdit edit);

    /**
     * The edits on threads of {@code namespaces} made at or after {@code since}, newest first, at most
     * {@code limit}.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code limit} below 1
     */
    List<FileEdit> since(Collection<NamespaceId> namespaces, Instant since, int limit);
}
