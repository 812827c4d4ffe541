package dev.colony.core.internal.access;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;

/**
 * The one access gate: which namespaces a caller may read and write, and which sessions it may see and act
 * as. It holds what every caller shares (the personal namespaces and session owners learned from committed
 * work) and {@linkplain #bind binds} a transaction to one caller; the rules themselves are asked of that
 * {@link CallerTransaction}, so a service cannot reach the store's records for a caller without passing through
 * it. Paths that act for the store's owner instead of a caller (forgetting by id, export, reindex) use the bare
 * store and say so where they do.
 *
 * <p>Personal namespace ids never change and are cached once committed; memberships are read from the store in
 * every transaction, so that a removed member loses access at once in every process. Thread-safe.
 */
public final class Access {

    private final PersonalNamespaces namespaces;
    private final SessionOwners owners = new SessionOwners();

    /** A gate that stamps namespaces it creates with {@code time}. */
    public Access(TimeSource time) {
        this.namespaces = new PersonalNamespaces(time);
    }

    /** {@code tx} bound to {@code user}: what the user may read and write, asked inside {@code tx}. */
    public CallerTransaction bind(StorageTransaction tx, UserId user) {
        return new CallerTransaction(tx, user, this);
    }

    /** {@code storage} as {@code user} sees it: its transactions come bound to the user. */
    public CallerStore store(StorageProvider storage, UserId user) {
        return new CallerStore(storage, this, user);
    }

    /** The error for a session that does not exist or that the caller may not see. */
    public static ColonyException sessionNotFound(String field, SessionId session) {
        return ColonyException.about(ErrorCode.SESSION_NOT_FOUND, field, "no session with id '" + session + "'");
    }

    PersonalNamespaces namespaces() {
        return namespaces;
    }

    SessionOwners owners() {
        return owners;
    }
}
