package dev.colony.core.internal.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.StoredVector;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Writes the audit memories of core: a record that something happened (a claim, a handoff, a read receipt, a plan
 * archiving itself), as opposed to a memory whose content is what an agent wrote. The record is inserted in the
 * caller's transaction, so it commits or rolls back with the change it records; it has no topics, pointers or
 * expiry.
 */
public final class AuditLog {

    private AuditLog() {
    }

    /**
     * Records {@code content} in {@code namespace} as written by {@code session} at {@code now}, without an
     * embedding (audit records are found by their words).
     *
     * @param task the thread whose timeline shows the record, or {@code null}
     * @param replyTo the memory the record answers, or {@code null}
     */
    public static Memory write(StorageTransaction tx, NamespaceId namespace, SessionId session, MemoryKind kind,
            String content, TaskId task, MemoryId replyTo, Map<String, Object> metadata, Instant now) {
        return write(tx, namespace, session, kind, content, task, replyTo, metadata, now, null);
    }

    /**
     * {@link #write(StorageTransaction, NamespaceId, SessionId, MemoryKind, String, TaskId, MemoryId, Map, Instant)}
     * with the content's vector (embedded before the transaction began), for records an agent may look for by
     * meaning; {@code null} for none.
     */
    public static Memory write(StorageTransaction tx, NamespaceId namespace, SessionId session, MemoryKind kind,
            String content, TaskId task, MemoryId replyTo, Map<String, Object> metadata, Instant now,
            StoredVector vector) {
        return tx.memories().insert(new NewMemory(namespace, session, kind, content, List.of(), List.of(), null, null,
                task, replyTo, now, null, metadata, vector));
    }
}
