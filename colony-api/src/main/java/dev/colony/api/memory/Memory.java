package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A memory as stored, with its full body.
 *
 * @param id the memory id
 * @param namespace the namespace it lives in
 * @param session the session that wrote it
 * @param kind its kind
 * @param content the body, exactly as written
 * @param topics search keywords
 * @param macroTopics project or domain names (one to three)
 * @param ref a pointer to a parent task, or {@code null}
 * @param artifact a pointer to external work (commit, file), or {@code null}
 * @param task the task whose thread it is posted on, or {@code null}
 * @param replyTo the memory it answers, or {@code null}
 * @param createdAt when it was written
 * @param updatedAt when it last changed
 * @param expiresAt when it stops being current, or {@code null} for never
 * @param retracted whether its author withdrew it (it stays stored for audit)
 * @param metadata small structured data: values are strings, numbers, booleans, lists or maps
 * @param version its version: it changes with every change of the memory, so that an edit or a forget can name
 *     the one it read ({@link MemoryEdit#expectedVersion()}); it is the memory's place in the store's change feed
 */
public record Memory(
        MemoryId id,
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
        Instant updatedAt,
        Instant expiresAt,
        boolean retracted,
        Map<String, Object> metadata,
        long version) {

    /** Checks the required components and makes the collections unmodifiable. */
    public Memory {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(content, "content");
        topics = List.copyOf(topics);
        macroTopics = List.copyOf(macroTopics);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        metadata = Map.copyOf(metadata);
    }
}
