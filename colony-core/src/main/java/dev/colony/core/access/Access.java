package dev.colony.core.access;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.core.kernel.TimeSource;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Optional;
import java.util.Set;

/**
 * The one access gate: which namespaces a caller may read and write, and which sessions it may see
 * and act as. Every service asks it; nothing else decides visibility.
 *
 * <p>Today a user reads and writes its personal namespace only; shared collections (with member
 * roles) widen {@link #readable} and {@link #writable} when they arrive, and every caller of this
 * class follows without change. A session belongs to the personal namespace of its user, so a
 * caller sees the sessions of namespaces it may read.
 *
 * <p>Reads never write: a user who has never written has no namespace yet and so reads nothing.
 * Answers are learned into process-wide caches only from committed transactions. Thread-safe.
 */
public final class Access {

    private final PersonalNamespaces namespaces;
    private final SessionOwners owners = new SessionOwners();

    /** A gate that stamps namespaces it creates with {@code time}. */
    public Access(TimeSource time) {
        this.namespaces = new PersonalNamespaces(time);
    }

    /** The namespaces {@code user} may read, looked up in {@code tx}; empty when it has none yet. */
    public Set<NamespaceId> readable(StorageTransaction tx, UserId user) {
        return namespaces.find(tx, user).map(Set::of).orElse(Set.of());
    }

    /**
     * The namespaces {@code user} may read, from the process cache when it knows them, else in one read
     * transaction of {@code storage}.
     */
    public Set<NamespaceId> readable(StorageProvider storage, UserId user) {
        Optional<NamespaceId> known = namespaces.known(user);
        if (known.isPresent()) {
            return Set.of(known.get());
        }
        return storage.read(tx -> readable(tx, user));
    }

    /** Whether {@code user} may read {@code namespace}. */
    public boolean canRead(StorageTransaction tx, UserId user, NamespaceId namespace) {
        return readable(tx, user).contains(namespace);
    }

    /**
     * The namespace {@code user}'s writes go to (its personal namespace), created on first use;
     * {@code tx} must be a write transaction.
     */
    public NamespaceId writable(StorageTransaction tx, UserId user) {
        return namespaces.resolve(tx, user);
    }

    /** Whether {@code user} may see {@code session}: the session's namespace is readable to it. */
    public boolean canSee(StorageTransaction tx, UserId user, Session session) {
        return canSeeSessionOf(tx, user, session.user());
    }

    private boolean canSeeSessionOf(StorageTransaction tx, UserId user, UserId owner) {
        if (owner.equals(user)) {
            return true;
        }
        Optional<NamespaceId> home = namespaces.find(tx, owner);
        return home.isPresent() && readable(tx, user).contains(home.get());
    }

    /**
     * Fails unless {@code session} exists and {@code user} may see it: {@code SESSION_NOT_FOUND} naming
     * {@code field} otherwise, the same answer for a missing and an invisible session.
     */
    public void requireVisibleSession(StorageTransaction tx, String field, SessionId session, UserId user) {
        UserId owner = owners.owner(tx, session).orElseThrow(() -> sessionNotFound(field, session));
        if (!canSeeSessionOf(tx, user, owner)) {
            throw sessionNotFound(field, session);
        }
    }

    /**
     * Fails unless {@code session} is one of {@code user}'s own: {@code SESSION_NOT_FOUND} when it does
     * not exist or is invisible, {@code FORBIDDEN} when it is visible but belongs to another user.
     */
    public void requireOwnSession(StorageTransaction tx, String field, SessionId session, UserId user) {
        UserId owner = owners.owner(tx, session).orElseThrow(() -> sessionNotFound(field, session));
        if (owner.equals(user)) {
            return;
        }
        if (!canSeeSessionOf(tx, user, owner)) {
            throw sessionNotFound(field, session);
        }
        throw ColonyException.about(ErrorCode.FORBIDDEN, field, "session " + session + " belongs to another user");
    }

    /** Learns, once {@code tx} commits, who owns a session that {@code tx} wrote or read. */
    public void learn(StorageTransaction tx, Session session) {
        owners.remember(tx, session);
    }

    /** The error for a session that does not exist or that the caller may not see. */
    public static ColonyException sessionNotFound(String field, SessionId session) {
        return ColonyException.about(ErrorCode.SESSION_NOT_FOUND, field, "no session with id '" + session + "'");
    }
}
