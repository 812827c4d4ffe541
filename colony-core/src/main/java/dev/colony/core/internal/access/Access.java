package dev.colony.core.internal.access;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.Membership;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one access gate: which namespaces a caller may read and write, and which sessions it may see
 * and act as. Every service asks it; nothing else decides visibility.
 *
 * <p>A user reads its personal namespace and every collection it is a member of, and writes its personal
 * namespace and the collections where its {@linkplain MemberRole role} allows; it changes (edits, forgets)
 * only the memories it wrote there, unless it is an admin of the collection. A session belongs to the
 * personal namespace of its user, so a caller sees the sessions of namespaces it may read (a shared
 * collection does not show its members' sessions).
 *
 * <p>Reads never write: a user who has never written has no namespace yet and so reads nothing but its
 * collections. Personal namespace ids never change and are cached once committed; memberships are read
 * from the store on every check, so that a removed member loses access at once in every process.
 * Thread-safe.
 */
public final class Access {

    private final PersonalNamespaces namespaces;
    private final SessionOwners owners = new SessionOwners();

    /** A gate that stamps namespaces it creates with {@code time}. */
    public Access(TimeSource time) {
        this.namespaces = new PersonalNamespaces(time);
    }

    /**
     * The namespaces {@code user} may read, looked up in {@code tx}: its personal namespace, when it has
     * one, and the collections it belongs to.
     */
    public Set<NamespaceId> readable(StorageTransaction tx, UserId user) {
        List<Membership> memberships = tx.namespaces().memberships(user);
        Optional<NamespaceId> personal = namespaces.find(tx, user);
        if (memberships.isEmpty()) {
            return personal.map(Set::of).orElse(Set.of());
        }
        Set<NamespaceId> readable = new HashSet<>();
        personal.ifPresent(readable::add);
        memberships.forEach(membership -> readable.add(membership.collection().id()));
        return Set.copyOf(readable);
    }

    /**
     * The namespaces {@code user} may change, looked up in {@code tx}: its personal namespace, when it has one,
     * and the collections where its role allows writing.
     */
    public Set<NamespaceId> changeable(StorageTransaction tx, UserId user) {
        Set<NamespaceId> changeable = new HashSet<>();
        namespaces.find(tx, user).ifPresent(changeable::add);
        memberships(tx, user).stream().filter(found -> found.role().canWrite(found.collection().kind()))
                .forEach(found -> changeable.add(found.collection().id()));
        return Set.copyOf(changeable);
    }

    /** The collections {@code user} belongs to now, whatever its role: the namespaces signals travel through. */
    public Set<NamespaceId> collections(StorageTransaction tx, UserId user) {
        Set<NamespaceId> collections = new HashSet<>();
        memberships(tx, user).forEach(membership -> collections.add(membership.collection().id()));
        return Set.copyOf(collections);
    }

    /** {@code user}'s memberships now, with each collection and role, by slug. */
    public List<Membership> memberships(StorageTransaction tx, UserId user) {
        return tx.namespaces().memberships(user);
    }

    /** {@code user}'s personal namespace, when it has written anything yet. */
    public Optional<NamespaceId> personal(StorageTransaction tx, UserId user) {
        return namespaces.find(tx, user);
    }

    /** The namespaces {@code user} may read, in one read transaction of {@code storage}. */
    public Set<NamespaceId> readable(StorageProvider storage, UserId user) {
        return storage.read(tx -> readable(tx, user));
    }

    /**
     * The collection named {@code slug} with {@code user}'s role in it.
     *
     * @throws ColonyException {@code NOT_FOUND} naming {@code field} when there is no such collection or
     *     {@code user} is not a member: the same answer, so that outsiders learn nothing
     */
    public Member membership(StorageTransaction tx, String field, UserId user, String slug) {
        Optional<Namespace> collection = tx.namespaces().findBySlug(slug)
                .filter(found -> found.kind() != NamespaceKind.PERSONAL);
        Optional<MemberRole> role = collection.flatMap(found -> tx.namespaces().role(found.id(), user));
        if (role.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, field, "you belong to no collection named "
                    + Echo.quoted(slug));
        }
        return new Member(collection.get(), role.get());
    }

    /**
     * A caller's place in a collection.
     *
     * @param collection the collection
     * @param role the caller's role there
     */
    public record Member(Namespace collection, MemberRole role) {
    }

    /**
     * The collection named {@code slug}, when {@code user} may write into it.
     *
     * @throws ColonyException {@code NOT_FOUND} as {@link #membership} does, {@code FORBIDDEN} naming
     *     {@code field} when {@code user}'s role does not allow writing there
     */
    public Namespace writableCollection(StorageTransaction tx, String field, UserId user, String slug) {
        Member membership = membership(tx, field, user, slug);
        if (!membership.role().canWrite(membership.collection().kind())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "a " + membership.role().wireName() + " of "
                    + (membership.collection().kind() == NamespaceKind.KNOWLEDGE_PACK ? "knowledge pack " : "")
                    + Echo.quoted(slug) + " cannot write into it");
        }
        return membership.collection();
    }

    /**
     * Fails unless {@code user} may write into {@code namespace}: its personal namespace, or a collection where
     * its role allows writing. {@code FORBIDDEN} naming {@code field} otherwise; callers check readability
     * first, so that an unreadable namespace stays {@code NOT_FOUND}. {@code tx} must be a write transaction.
     */
    public void requireWritable(StorageTransaction tx, String field, UserId user, NamespaceId namespace) {
        if (namespace.equals(writable(tx, user))) {
            return;
        }
        Optional<Membership> membership = memberships(tx, user).stream()
                .filter(found -> found.collection().id().equals(namespace)).findFirst();
        if (membership.isEmpty() || !membership.get().role().canWrite(membership.get().collection().kind())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "you may read but not change memories of "
                    + membership.map(found -> Echo.quoted(found.collection().slug())).orElse("this namespace"));
        }
    }

    /**
     * Fails unless {@code user} may change {@code memory} (edit or forget it): it may write into the memory's
     * namespace ({@link #requireWritable}) and wrote the memory itself or is an admin of its collection. So a
     * member of a shared collection changes only its own memories, and a memory always reads as its author
     * wrote it. {@code FORBIDDEN} naming {@code field} otherwise, before anything is written; callers check
     * readability first. {@code tx} must be a write transaction.
     *
     * @param change what the caller would do, for the message ("edit", "forget")
     */
    public void requireAuthorOrAdmin(StorageTransaction tx, String field, UserId user, Memory memory, String change) {
        requireWritable(tx, field, user, memory.namespace());
        boolean author = owners.owner(tx, memory.session()).map(user::equals).orElse(false);
        if (!author && !isAdmin(tx, user, memory.namespace())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "memory " + memory.id() + " was written by "
                    + "someone else; only its author or an admin of its collection may " + change + " it");
        }
    }

    /** Whether {@code user} is an admin of collection {@code namespace} (never of a personal namespace). */
    public boolean isAdmin(StorageTransaction tx, UserId user, NamespaceId namespace) {
        return memberships(tx, user).stream().anyMatch(found -> found.collection().id().equals(namespace)
                && found.role() == MemberRole.ADMIN);
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
