package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads and writes batons (handoffs and relays): one row per baton, keyed by the id of the audit
 * memory that announced it, with an explicit status and a version.
 *
 * <p>Methods that change something must run in a write transaction; every change is a
 * compare-and-set on the version.
 */
public interface BatonRecords {

    /**
     * Inserts a baton at version 1 with the status of {@code baton}; its {@code id} must be an existing
     * memory's.
     *
     * @return the baton as stored
     */
    StoredBaton insert(StoredBaton baton);

    /** The baton with this id. */
    Optional<StoredBaton> find(MemoryId id);

    /**
     * Replaces status, addressee, resolution and note of {@code next.id()} with those of {@code next},
     * raising the version by one, if and only if the stored version is still {@code next.version()}.
     *
     * @return the row as changed, or empty when the version moved on
     */
    Optional<StoredBaton> compareAndSet(StoredBaton next, Instant now);

    /**
     * Batons of a task of one kind (or any kind when {@code kind} is null) in these statuses, newest
     * first, at most {@code limit}.
     */
    List<StoredBaton> listByTask(TaskId task, BatonKind kind, Collection<BatonStatus> statuses, int limit);

    /**
     * The batons with one of {@code statuses} on threads of {@code namespaces}, newest first, at most
     * {@code limit}.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code limit} below 1
     */
    List<StoredBaton> listByNamespaces(Collection<NamespaceId> namespaces, Collection<BatonStatus> statuses,
            int limit);

    /**
     * A baton as stored.
     *
     * @param id the announcing memory's id
     * @param kind handoff or relay
     * @param task the task
     * @param status the stored status
     * @param fromSession the sender
     * @param fromAgent the sender's agent name
     * @param toAgent the addressee (agent name or type, or {@code any})
     * @param details what the baton carries (summary, steps, recipe…), JSON-compatible; opaque to the store
     * @param files the files it hands over or leaves pending
     * @param createdAt when it was sent
     * @param expiresAt when it stops waiting
     * @param resolvedBy the session that accepted or declined it, else {@code null}
     * @param resolvedAt when its status left pending, else {@code null}
     * @param note the decline reason, else {@code null}
     * @param updatedAt the last change of the row
     * @param version compare-and-set version, starting at 1
     */
    record StoredBaton(MemoryId id, BatonKind kind, TaskId task, BatonStatus status, SessionId fromSession,
            String fromAgent, String toAgent, Map<String, Object> details, List<String> files, Instant createdAt,
            Instant expiresAt, SessionId resolvedBy, Instant resolvedAt, String note, Instant updatedAt,
            long version) {

        /** Checks the required components and copies the collections. */
        public StoredBaton {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(fromSession, "fromSession");
            Objects.requireNonNull(fromAgent, "fromAgent");
            Objects.requireNonNull(toAgent, "toAgent");
            details = Map.copyOf(details);
            files = List.copyOf(files);
            Objects.requireNonNull(createdAt, "createdAt");
            Objects.requireNonNull(expiresAt, "expiresAt");
            Objects.requireNonNull(updatedAt, "updatedAt");
        }

        /** This baton resolved into {@code newStatus} by {@code by} (may be null) at {@code at}. */
        public StoredBaton resolved(BatonStatus newStatus, SessionId by, Instant at, String reason) {
            return new StoredBaton(id, kind, task, newStatus, fromSession, fromAgent, toAgent, details, files,
                    createdAt, expiresAt, by, at, reason, updatedAt, version);
        }

        /** This baton, still pending, addressed to {@code agent}. */
        public StoredBaton readdressed(String agent, String reason) {
            return new StoredBaton(id, kind, task, status, fromSession, fromAgent, agent, details, files, createdAt,
                    expiresAt, resolvedBy, resolvedAt, reason, updatedAt, version);
        }
    }
}
