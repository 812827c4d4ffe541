package dev.colony.core.internal.task;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.memory.AuditLog;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.StoredVector;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * The audit memories a caller's changes leave on a thread's timeline (a claim, a handoff, a relay, a plan's
 * sub-task changing hands): written in the thread's namespace, by the caller's session, inside the transaction
 * of the change, through the {@link AuditLog}. The store tells the search index once it commits.
 */
public final class AuditTrail {

    private final ThreadCaller caller;

    /** The trail {@code caller} leaves. */
    public AuditTrail(ThreadCaller caller) {
        this.caller = Objects.requireNonNull(caller, "caller");
    }

    /** Whose trail it is. */
    public ThreadCaller caller() {
        return caller;
    }

    /** Records {@code content} on {@code task}'s timeline (no embedding: audit memories are found by their words). */
    public MemoryId record(CallerTransaction tx, StoredTask task, MemoryKind kind, String content, MemoryId replyTo,
            Map<String, Object> metadata, Instant now) {
        return record(tx, task, kind, content, replyTo, metadata, now, null);
    }

    /**
     * {@link #record(StorageTransaction, StoredTask, MemoryKind, String, MemoryId, Map, Instant)} with the
     * content's vector (embedded before the transaction began), for records an agent may look for by meaning,
     * such as a handoff's summary; {@code null} for none.
     */
    public MemoryId record(CallerTransaction tx, StoredTask task, MemoryKind kind, String content, MemoryId replyTo,
            Map<String, Object> metadata, Instant now, StoredVector vector) {
        return AuditLog.write(tx, caller.writable(tx, task), caller.actor().session(), kind, content, task.id(),
                replyTo, metadata, now, vector).id();
    }
}
