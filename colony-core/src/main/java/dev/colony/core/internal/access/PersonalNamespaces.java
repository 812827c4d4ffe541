package dev.colony.core.internal.access;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds, and on a write creates, the personal namespace of a user.
 *
 * <p>The id of a personal namespace never changes once it is committed, so it is cached per process;
 * the store's unique slug makes concurrent creation in several processes converge on one row. The
 * cache learns an id only through {@link StorageTransaction#afterCommit}: a unit of work that created
 * (or read) the namespace and was then rolled back, or re-run by the store, leaves nothing behind.
 * An id cached from a rolled-back insert could otherwise be handed out again by the database to the
 * next user, who would then share a namespace with the first.
 */
public final class PersonalNamespaces {

    private final Map<UserId, NamespaceId> committed = new ConcurrentHashMap<>();
    private final TimeSource time;

    /** A resolver stamping new namespaces with {@code time}. */
    public PersonalNamespaces(TimeSource time) {
        this.time = time;
    }

    /** The id if the namespace exists; reads only (usable in a read transaction). */
    Optional<NamespaceId> find(StorageTransaction tx, UserId user) {
        NamespaceId id = committed.get(user);
        if (id != null) {
            return Optional.of(id);
        }
        Optional<NamespaceId> found = tx.namespaces().findPersonal(user).map(Namespace::id);
        found.ifPresent(value -> learnOnCommit(tx, user, value));
        return found;
    }

    /** The id, created if missing; {@code tx} must be a write transaction. */
    NamespaceId resolve(StorageTransaction tx, UserId user) {
        NamespaceId id = committed.get(user);
        if (id != null) {
            return id;
        }
        NamespaceId created = tx.namespaces().personal(user, time.now()).id();
        learnOnCommit(tx, user, created);
        return created;
    }

    private void learnOnCommit(StorageTransaction tx, UserId user, NamespaceId id) {
        tx.afterCommit(() -> committed.putIfAbsent(user, id));
    }
}
