package dev.colony.core.internal.access;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which user each session belongs to.
 *
 * <p>Sessions are never deleted and never change user, so an owner is cached per process once it is
 * committed; that turns the check on the hot write path into a map lookup. Like
 * {@link PersonalNamespaces}, the cache learns only through {@link StorageTransaction#afterCommit}.
 */
final class SessionOwners {

    private final Map<SessionId, UserId> owners = new ConcurrentHashMap<>();

    /** The owner of {@code session}, or empty when it does not exist. */
    Optional<UserId> owner(StorageTransaction tx, SessionId session) {
        UserId owner = owners.get(session);
        if (owner != null) {
            return Optional.of(owner);
        }
        Optional<Session> stored = tx.sessions().find(session);
        stored.ifPresent(value -> remember(tx, value));
        return stored.map(Session::user);
    }

    /** Learns the owner of {@code session} once {@code tx} commits. */
    void remember(StorageTransaction tx, Session session) {
        tx.afterCommit(() -> owners.putIfAbsent(session.id(), session.user()));
    }
}
