package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.signal.SignalId;
import dev.colony.api.signal.SignalStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Signals as stored: one row per signal, with an explicit status and a compare-and-set version.
 *
 * <p>The store applies no domain rule beyond what each method states: colony-core checks membership,
 * recipients and bounds, and passes the version it read to {@link #acknowledge}, so that two sessions
 * acknowledging the same signal at once change it once.
 */
public interface SignalRecords {

    /**
     * Inserts a pending signal, version 1, with the next id. A store that pushes notifications across
     * processes announces it, to be delivered when the transaction commits. Must run in a write
     * transaction.
     */
    StoredSignal insert(NewSignal signal);

    /** The signal with this id, whatever its status or expiry. */
    Optional<StoredSignal> find(SignalId id);

    /**
     * The pending signals of {@code inbox}'s recipient that have not expired at {@code inbox.now()}, in
     * {@code inbox}'s order: those addressed to its user with no agent or with its agent, in the namespaces given, with an
     * id above {@code inbox.afterId()}.
     */
    List<StoredSignal> pending(Inbox inbox);

    /** How many signals {@link #pending} would return without a limit. */
    int countPending(Inbox inbox);

    /**
     * Acknowledges a pending signal if its version is still {@code expectedVersion}; the version goes up
     * by one. Must run in a write transaction.
     *
     * @return the record afterwards, or empty when the signal was no longer pending at that version
     */
    Optional<StoredSignal> acknowledge(SignalId id, long expectedVersion, SessionId by, Instant at);

    /**
     * Deletes every signal whose expiry is at or before {@code now}, acknowledged or not. Must run in a
     * write transaction.
     *
     * @return how many were deleted
     */
    int sweep(Instant now);

    /** The earliest expiry of any stored signal, so that a sweeper knows whether it has work. */
    Optional<Instant> earliestExpiry();

    /**
     * The highest signal id stored, or 0 for none: a cheap change check (an index lookup, never a scan)
     * for processes that learn of new signals by asking.
     */
    long latestId();

    /**
     * A signal as stored.
     *
     * @param id its id
     * @param namespace the collection it travels through
     * @param collection that collection's slug
     * @param fromUser the sending user
     * @param fromAgent the sending agent
     * @param fromSession the sending session
     * @param toUser the receiving user
     * @param toAgent the receiving agent, or {@code null} for any agent of {@code toUser}
     * @param memories the memories pointed at, in order
     * @param sentAt when it was sent
     * @param expiresAt when it expires
     * @param status pending or acknowledged
     * @param ackedAt when it was acknowledged, or {@code null}
     * @param ackedBySession the acknowledging session, or {@code null}
     * @param version the compare-and-set version, starting at 1
     */
    record StoredSignal(
            SignalId id,
            NamespaceId namespace,
            String collection,
            UserId fromUser,
            String fromAgent,
            SessionId fromSession,
            UserId toUser,
            String toAgent,
            List<MemoryId> memories,
            Instant sentAt,
            Instant expiresAt,
            SignalStatus status,
            Instant ackedAt,
            SessionId ackedBySession,
            long version) {

        /** Checks the required components and copies the ids. */
        public StoredSignal {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(collection, "collection");
            Objects.requireNonNull(fromUser, "fromUser");
            Objects.requireNonNull(fromAgent, "fromAgent");
            Objects.requireNonNull(fromSession, "fromSession");
            Objects.requireNonNull(toUser, "toUser");
            memories = List.copyOf(memories);
            Objects.requireNonNull(sentAt, "sentAt");
            Objects.requireNonNull(expiresAt, "expiresAt");
            Objects.requireNonNull(status, "status");
        }
    }

    /**
     * A signal to insert.
     *
     * @param namespace the collection it travels through
     * @param fromUser the sending user
     * @param fromAgent the sending agent
     * @param fromSession the sending session
     * @param toUser the receiving user
     * @param toAgent the receiving agent, or {@code null} for any agent of {@code toUser}
     * @param memories the memories pointed at, at least one
     * @param sentAt the send time
     * @param expiresAt the expiry
     */
    record NewSignal(
            NamespaceId namespace,
            UserId fromUser,
            String fromAgent,
            SessionId fromSession,
            UserId toUser,
            String toAgent,
            List<MemoryId> memories,
            Instant sentAt,
            Instant expiresAt) {

        /** Checks the required components and copies the ids. */
        public NewSignal {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(fromUser, "fromUser");
            Objects.requireNonNull(fromAgent, "fromAgent");
            Objects.requireNonNull(fromSession, "fromSession");
            Objects.requireNonNull(toUser, "toUser");
            memories = List.copyOf(memories);
            if (memories.isEmpty()) {
                throw new IllegalArgumentException("a signal points at one memory at least");
            }
            Objects.requireNonNull(sentAt, "sentAt");
            Objects.requireNonNull(expiresAt, "expiresAt");
        }
    }

    /**
     * Whose pending signals to read.
     *
     * @param namespaces only signals of these collections (the ones the recipient belongs to now)
     * @param user the recipient's user
     * @param agent the recipient's agent
     * @param now signals expiring at or before this are left out
     * @param afterId only signals with a higher id (0 for all)
     * @param oldestFirst the order: oldest first (to deliver in sending order) or newest first (to show)
     * @param limit the most rows
     */
    record Inbox(Set<NamespaceId> namespaces, UserId user, String agent, Instant now, long afterId,
            boolean oldestFirst, int limit) {

        /** Checks and copies the components. */
        public Inbox {
            namespaces = Set.copyOf(namespaces);
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(now, "now");
        }
    }
}
