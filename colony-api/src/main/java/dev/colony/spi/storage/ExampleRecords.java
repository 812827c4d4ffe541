package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The examples table: per namespace, repository root and example name, what the last forage found. A row changes
 * only by compare-and-set on its version; writes must run in a write transaction.
 */
public interface ExampleRecords {

    /** The example {@code name} of {@code repoRoot} in {@code namespace}, if it was foraged. */
    Optional<StoredExample> find(NamespaceId namespace, String repoRoot, String name);

    /** The examples of {@code repoRoot} in {@code namespace}, by name. */
    List<StoredExample> list(NamespaceId namespace, String repoRoot);

    /**
     * Inserts {@code example} at version 1; fails (a storage error) when the key exists.
     *
     * @return the row as stored
     */
    StoredExample insert(StoredExample example);

    /**
     * Replaces the row of {@code example}'s key when its version is still {@code expectedVersion}, bumping it.
     *
     * @return the row as stored, or empty when the version moved on (or the row is gone)
     */
    Optional<StoredExample> update(StoredExample example, long expectedVersion);

    /** Deletes the row of this key when its version is {@code expectedVersion}; whether it did. */
    boolean delete(NamespaceId namespace, String repoRoot, String name, long expectedVersion);

    /**
     * One example's row.
     *
     * @param namespace the namespace that foraged it
     * @param repoRoot the repository's real path
     * @param name the example's directory name
     * @param manifestKind the manifest kind's wire name
     * @param contentHash the hash of what the scan read, to skip an unchanged example
     * @param observationCount how many memories the scan wrote
     * @param manifest the manifest summary (JSON-compatible: strings, lists, maps), its order kept
     * @param memories the memories the scan wrote, forgotten when the example changes
     * @param lastScannedAt when it was last read
     * @param version the row's version; ignored on insert
     */
    record StoredExample(NamespaceId namespace, String repoRoot, String name, String manifestKind,
            String contentHash, int observationCount, Map<String, Object> manifest, List<MemoryId> memories,
            Instant lastScannedAt, long version) {

        /** Checks the required components and copies the collections. */
        public StoredExample {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(repoRoot, "repoRoot");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(manifestKind, "manifestKind");
            Objects.requireNonNull(contentHash, "contentHash");
            manifest = Collections.unmodifiableMap(new LinkedHashMap<>(manifest));
            memories = List.copyOf(memories);
            Objects.requireNonNull(lastScannedAt, "lastScannedAt");
        }
    }
}
