package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A validated memory ready to be inserted; the store assigns the id.
 *
 * @param namespace target namespace
 * @param session writing session
 * @param kind kind
 * @param content body
 * @param topics topics
 * @param macroTopics macro topics
 * @param ref parent pointer or {@code null}
 * @param artifact artifact pointer or {@code null}
 * @param task task thread or {@code null}
 * @param replyTo answered memory or {@code null}
 * @param createdAt creation time; also the initial {@code updated_at}
 * @param expiresAt expiry or {@code null}
 * @param metadata JSON-compatible metadata
 * @param vector the embedding of the memory's search text with its model, or {@code null}
 * @param passages the embeddings of its sentences, of {@code vector}'s model and dimension (see
 *     {@link MemoryDocument#passages()}); empty for none
 */
public record NewMemory(
        NamespaceId namespace,
        SessionId session,
        MemoryKind kind,
        String content,
        List<String> topics,
        List<String> macroTopics,
        String ref,
        String artifact,
        TaskId task,
        MemoryId replyTo,
        Instant createdAt,
        Instant expiresAt,
        Map<String, Object> metadata,
        StoredVector vector,
        List<StoredVector> passages) {

    /** Checks the required components and copies the collections; passages need a vector of their model. */
    public NewMemory {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(content, "content");
        topics = List.copyOf(topics);
        macroTopics = List.copyOf(macroTopics);
        Objects.requireNonNull(createdAt, "createdAt");
        metadata = Map.copyOf(metadata);
        passages = List.copyOf(passages);
        for (StoredVector passage : passages) {
            if (vector == null || !passage.isOf(vector.model(), vector.dimension())) {
                throw new IllegalArgumentException("passages must be of the vector's model and dimension");
            }
        }
    }

    /** A memory without passages. */
    public NewMemory(NamespaceId namespace, SessionId session, MemoryKind kind, String content, List<String> topics,
            List<String> macroTopics, String ref, String artifact, TaskId task, MemoryId replyTo, Instant createdAt,
            Instant expiresAt, Map<String, Object> metadata, StoredVector vector) {
        this(namespace, session, kind, content, topics, macroTopics, ref, artifact, task, replyTo, createdAt,
                expiresAt, metadata, vector, List.of());
    }
}
