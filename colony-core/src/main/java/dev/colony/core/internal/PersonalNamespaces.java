package dev.colony.core.internal;

import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves the personal namespace of a user, creating it on first use.
 *
 * <p>The id of a personal namespace never changes once created, so it is cached per process; the
 * store's unique slug makes concurrent creation in several processes converge on one row.
 */
public final class PersonalNamespaces {

    private final Map<UserId, NamespaceId> cache = new ConcurrentHashMap<>();
    private final TimeSource time;

    /** A resolver stamping new namespaces with {@code time}. */
    public PersonalNamespaces(TimeSource time) {
        this.time = time;
    }

    /** The cached id, or {@code null} when this process has not resolved the user yet. */
    public NamespaceId cached(UserId user) {
        return cache.get(user);
    }

    /** The id, resolved (and created if missing) in {@code tx}, which must be a write transaction. */
    public NamespaceId resolve(StorageTransaction tx, UserId user) {
        NamespaceId id = cache.get(user);
        if (id == null) {
            id = tx.namespaces().personal(user, time.now()).id();
            cache.put(user, id);
        }
        return id;
    }
}
