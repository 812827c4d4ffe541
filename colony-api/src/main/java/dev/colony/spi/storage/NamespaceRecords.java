package dev.colony.spi.storage;

import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import java.time.Instant;
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
}
