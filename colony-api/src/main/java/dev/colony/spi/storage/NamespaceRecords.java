package dev.colony.spi.storage;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import java.time.Instant;
import java.util.Optional;

/**
 * Reads and writes namespaces: a user's personal namespace and collections. Who belongs to a collection is
 * {@link MembershipRecords}.
 */
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
     * It writes the first membership itself, so that the collection and its admin are one write: a
     * collection is never without an admin, even to a reader between two calls.
     */
    Optional<Namespace> createCollection(String slug, NamespaceKind kind, UserId owner, Instant now);
}
