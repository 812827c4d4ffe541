package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a session start needs to see of the memory at a glance: the kinds and topics of the newest memories,
 * and the memories that carry a given topic. Only live memories count: neither retracted nor expired at the
 * time given.
 */
public interface LandscapeRecords {

    /** The kind and topics of the newest {@code limit} live memories of {@code kinds} in {@code namespaces}. */
    List<Facets> recent(Set<NamespaceId> namespaces, Set<MemoryKind> kinds, Instant now, int limit);

    /** The newest {@code limit} live memories of {@code kind} in {@code namespaces} that have {@code topic}. */
    List<Memory> tagged(Set<NamespaceId> namespaces, MemoryKind kind, String topic, Instant now, int limit);

    /**
     * One memory's kind and topics.
     *
     * @param kind its kind
     * @param topics its topics
     * @param macroTopics its macro topics
     */
    record Facets(MemoryKind kind, List<String> topics, List<String> macroTopics) {

        /** Checks the kind and copies the lists. */
        public Facets {
            Objects.requireNonNull(kind, "kind");
            topics = List.copyOf(topics);
            macroTopics = List.copyOf(macroTopics);
        }
    }
}
