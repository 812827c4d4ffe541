package dev.colony.spi.storage;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Reads and writes namespaces. */
public interface NamespaceRecords {

    /**
     * The personal namespace of {@code user}, created (with {@code now} as its creation time) if it
     * does not exist yet. Concurrent calls for one user, in any process, yield the same namespace.
     * Must run in a write transaction.
     */
    Namespace personal(UserId user, Instant now);

    /** The personal namespace of {@code user}, if it was created; never creates one. */
    Optional<Namespace> findPersonal(UserId user);

    /** The namespace with this id. */
    Optional<Namespace> find(NamespaceId id);

    /** The namespace with this slug. */
    Optional<Namespace> findBySlug(String slug);

    /**
     * Creates a collection of {@code kind} named {@code slug}, owned by {@code owner}, who becomes its
     * {@linkplain MemberRole#ADMIN admin}; empty when the slug is taken. Must run in a write transaction.
     */
    Optional<Namespace> createCollection(String slug, NamespaceKind kind, UserId owner, Instant now);

    /**
     * Makes {@code user} a member of {@code collection} with {@code role}, replacing the role it had.
     * Must run in a write transaction.
     */
    void putMember(NamespaceId collection, UserId user, MemberRole role, Instant now);

    /** Ends {@code user}'s membership of {@code collection}; whether it was a member. Write transaction. */
    boolean removeMember(NamespaceId collection, UserId user);

    /** The role of {@code user} in {@code collection}, when it is a member. */
    Optional<MemberRole> role(NamespaceId collection, UserId user);

    /** How many members of {@code collection} have {@code role}. */
    int countMembers(NamespaceId collection, MemberRole role);

    /** The collections {@code user} belongs to, by slug. */
    List<Membership> memberships(UserId user);

    /** The members of {@code collection} that have had a session of agent {@code agent}, by name. */
    List<UserId> membersRunning(NamespaceId collection, String agent);
}
