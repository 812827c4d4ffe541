package dev.colony.core.internal;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks that a session exists and belongs to a user.
 *
 * <p>Sessions are never deleted and never change user, so a positive answer is cached per process;
 * that turns the check on the hot write path into a map lookup.
 */
public final class SessionOwners {

    private final Map<SessionId, UserId> owners = new ConcurrentHashMap<>();

    /** Remembers that {@code session} belongs to its user. */
    public void remember(Session session) {
        owners.put(session.id(), session.user());
    }

    /**
     * Fails with {@code SESSION_NOT_FOUND} when the session does not exist, or with
     * {@code FORBIDDEN} when it belongs to another user.
     *
     * @param field the argument that named the session, for the error message
     */
    public void require(StorageTransaction tx, String field, SessionId session, UserId user) {
        UserId owner = owners.get(session);
        if (owner == null) {
            Session stored = tx.sessions().find(session).orElseThrow(() -> missing(field, session));
            remember(stored);
            owner = stored.user();
        }
        if (!owner.equals(user)) {
            throw new ColonyException(ErrorCode.FORBIDDEN,
                    field + ": session " + session + " belongs to another user");
        }
    }

    /** The error for a session that does not exist. */
    public static ColonyException missing(String field, SessionId session) {
        return new ColonyException(ErrorCode.SESSION_NOT_FOUND, field + ": no session with id '" + session + "'");
    }
}
