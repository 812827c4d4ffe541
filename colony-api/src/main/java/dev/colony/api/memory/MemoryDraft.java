package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A memory to be written. Start from {@link #of} and add optional parts with the {@code with…}
 * methods; {@link MemoryStore#add} validates everything against {@link MemoryLimits}.
 *
 * @param kind the kind
 * @param content the body: the first 50 characters should name the subject, as they are what
 *     previews show
 * @param topics search keywords (lowercase single words work best)
 * @param macroTopics project or domain names, at most three
 * @param ref a pointer to a parent task, or {@code null}
 * @param artifact a pointer to external work (commit SHA, file name), or {@code null}
 * @param task the task thread to post on, or {@code null}
 * @param replyTo the memory this answers, or {@code null}
 * @param expiresAt when it stops being current, or {@code null} for never
 * @param metadata small structured data (strings, numbers, booleans, lists, maps)
 * @param collection the slug of the collection to write into, or {@code null} (or {@code "me"}) for the
 *     caller's personal namespace
 */
public record MemoryDraft(
        MemoryKind kind,
        String content,
        List<String> topics,
        List<String> macroTopics,
        String ref,
        String artifact,
        TaskId task,
        MemoryId replyTo,
        Instant expiresAt,
        Map<String, Object> metadata,
        String collection) {

    /** The collection name that means the caller's personal namespace. */
    public static final String PERSONAL = "me";


    /** Null lists and maps become empty; the rest is validated on add. */
    public MemoryDraft {
        topics = topics == null ? List.of() : topics;
        macroTopics = macroTopics == null ? List.of() : macroTopics;
        metadata = metadata == null ? Map.of() : metadata;
    }

    /**
     * A structured task: its rendered checklist as content, of kind {@code task}, or {@code task_done} when
     * its status is done.
     */
    public static MemoryDraft task(TaskChecklist task) {
        return of(MemoryKind.ofTask(task.status()), task.render());
    }

    /** A draft with only a kind and content. */
    public static MemoryDraft of(MemoryKind kind, String content) {
        return new MemoryDraft(kind, content, List.of(), List.of(), null, null, null, null, null, Map.of(), null);
    }

    /** A copy with these topics. */
    public MemoryDraft withTopics(List<String> newTopics) {
        return new MemoryDraft(kind, content, newTopics, macroTopics, ref, artifact, task, replyTo, expiresAt,
                metadata, collection);
    }

    /** A copy with these macro topics. */
    public MemoryDraft withMacroTopics(List<String> newMacroTopics) {
        return new MemoryDraft(kind, content, topics, newMacroTopics, ref, artifact, task, replyTo, expiresAt,
                metadata, collection);
    }

    /** A copy with this ref and artifact (either may be {@code null}). */
    public MemoryDraft withPointers(String newRef, String newArtifact) {
        return new MemoryDraft(kind, content, topics, macroTopics, newRef, newArtifact, task, replyTo, expiresAt,
                metadata, collection);
    }

    /** A copy posted on this task thread. */
    public MemoryDraft withTask(TaskId newTask) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, newTask, replyTo, expiresAt,
                metadata, collection);
    }

    /** A copy that replies to this memory. */
    public MemoryDraft withReplyTo(MemoryId newReplyTo) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, newReplyTo, expiresAt,
                metadata, collection);
    }

    /** A copy that expires at this instant. */
    public MemoryDraft withExpiresAt(Instant newExpiresAt) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, newExpiresAt,
                metadata, collection);
    }

    /** A copy with this metadata. */
    public MemoryDraft withMetadata(Map<String, Object> newMetadata) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt,
                Objects.requireNonNull(newMetadata, "metadata"), collection);
    }

    /**
     * This draft, written into collection {@code slug} (the caller must be allowed to write there), or into
     * the caller's personal namespace for {@code null} or {@code "me"}.
     */
    public MemoryDraft withCollection(String slug) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt, metadata,
                slug);
    }
}
