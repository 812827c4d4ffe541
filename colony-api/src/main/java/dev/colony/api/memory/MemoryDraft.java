package dev.colony.api.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

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
 * @param ephemeral whether it expires {@link MemoryLimits#EPHEMERAL_DAYS} days after it is stored, by the
 *     Colony's clock (then {@code expiresAt} must be {@code null})
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
        String collection,
        boolean ephemeral) {

    /** The collection name that means the caller's personal namespace. */
    public static final String PERSONAL = "me";

    /** The types a structured task may name: the default one, or a task's (its status decides which). */
    private static final Set<MemoryKind> STRUCTURED_TYPES = Set.of(MemoryKind.FACT, MemoryKind.TASK,
            MemoryKind.TASK_DONE);

    /** Null lists and maps become empty; the rest is validated on add. */
    public MemoryDraft {
        topics = topics == null ? List.of() : topics;
        macroTopics = macroTopics == null ? List.of() : macroTopics;
        metadata = metadata == null ? Map.of() : metadata;
    }

    /** A draft that is not ephemeral. */
    public MemoryDraft(MemoryKind kind, String content, List<String> topics, List<String> macroTopics, String ref,
            String artifact, TaskId task, MemoryId replyTo, Instant expiresAt, Map<String, Object> metadata,
            String collection) {
        this(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt, metadata, collection, false);
    }

    /**
     * The memory an agent describes by its parts, as the tools take them: free {@code content} of a typed kind
     * ({@link MemoryKind#typed}: fact, preference, decision, path, task, task_done, result), or a structured task
     * when a {@code title}, {@code steps} or a {@code status} is given. A structured task takes no content, is of
     * type fact, task or task_done (its status, pending by default, decides which) and needs a title.
     *
     * @param type the type's name, or {@code null} for fact
     * @param steps the task's steps, or {@code null} for none
     * @param status the task's status by its wire name, or {@code null}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code content}, {@code type}, {@code title},
     *     {@code steps} or {@code status}
     */
    public static MemoryDraft described(String type, String content, String title, List<String> steps,
            String status) {
        List<String> taskSteps = steps == null ? List.of() : steps;
        boolean structured = title != null || !taskSteps.isEmpty() || status != null;
        MemoryKind kind = MemoryKind.typed("type", type == null ? MemoryKind.FACT.name() : type);
        if (!structured) {
            if (content == null) {
                throw ColonyException.invalid("content", "is required, unless title and steps describe a task");
            }
            return of(kind, content);
        }
        if (content != null) {
            throw ColonyException.invalid("content", "give either content, or title and steps for a task, not both");
        }
        if (!STRUCTURED_TYPES.contains(kind)) {
            throw ColonyException.invalid("type", "title and steps make a task, was " + Echo.quoted(type));
        }
        if (title == null) {
            throw ColonyException.invalid("title", "is required with steps or status");
        }
        TaskStatus taskStatus = status == null ? TaskStatus.PENDING : TaskStatus.fromWire(status);
        return task(TaskChecklist.of(title, taskSteps, taskStatus));
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
        return new MemoryDraft(kind, content, List.of(), List.of(), null, null, null, null, null, Map.of(), null,
                false);
    }

    /** A copy with these topics. */
    public MemoryDraft withTopics(List<String> newTopics) {
        return new MemoryDraft(kind, content, newTopics, macroTopics, ref, artifact, task, replyTo, expiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy with these macro topics. */
    public MemoryDraft withMacroTopics(List<String> newMacroTopics) {
        return new MemoryDraft(kind, content, topics, newMacroTopics, ref, artifact, task, replyTo, expiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy with this ref and artifact (either may be {@code null}). */
    public MemoryDraft withPointers(String newRef, String newArtifact) {
        return new MemoryDraft(kind, content, topics, macroTopics, newRef, newArtifact, task, replyTo, expiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy posted on this task thread. */
    public MemoryDraft withTask(TaskId newTask) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, newTask, replyTo, expiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy that replies to this memory. */
    public MemoryDraft withReplyTo(MemoryId newReplyTo) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, newReplyTo, expiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy that expires at this instant. */
    public MemoryDraft withExpiresAt(Instant newExpiresAt) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, newExpiresAt,
                metadata, collection, ephemeral);
    }

    /** A copy with this metadata. */
    public MemoryDraft withMetadata(Map<String, Object> newMetadata) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt,
                Objects.requireNonNull(newMetadata, "metadata"), collection, ephemeral);
    }

    /**
     * This draft, written into collection {@code slug} (the caller must be allowed to write there), or into
     * the caller's personal namespace for {@code null} or {@code "me"}.
     */
    public MemoryDraft withCollection(String slug) {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt, metadata,
                slug, ephemeral);
    }

    /**
     * A copy that expires {@link MemoryLimits#EPHEMERAL_DAYS} days after it is stored, counted by the Colony's clock
     * when it stores it (it must have no {@code expiresAt} of its own).
     */
    public MemoryDraft asEphemeral() {
        return new MemoryDraft(kind, content, topics, macroTopics, ref, artifact, task, replyTo, expiresAt, metadata,
                collection, true);
    }
}
