package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Chat windows: per namespace and window id, one opaque text holding a conversation's current messages. A save
 * replaces the whole row; writes must run in a write transaction.
 */
public interface ChatWindowRecords {

    /** The messages of window {@code windowId} in {@code namespace}, if it exists. */
    Optional<String> find(NamespaceId namespace, String windowId);

    /** Stores {@code messages} as window {@code windowId} of {@code namespace}, replacing any. */
    void save(NamespaceId namespace, String windowId, String messages, Instant at);

    /** Removes window {@code windowId} of {@code namespace}; whether there was one. */
    boolean delete(NamespaceId namespace, String windowId);

    /** The window ids of {@code namespace} that start with {@code prefix} (case matters), in ascending order of character codes. */
    List<String> ids(NamespaceId namespace, String prefix);
}
