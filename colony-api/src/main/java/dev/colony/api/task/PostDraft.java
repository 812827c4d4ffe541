package dev.colony.api.task;

import dev.colony.api.MemoryId;
import java.util.List;

/**
 * A post to write on a task thread.
 *
 * @param kind what the post is
 * @param content the body, kept exactly as written
 * @param replyTo a post of the same thread that this one answers, or {@code null}
 * @param topics search keywords, like a memory's
 */
public record PostDraft(PostKind kind, String content, MemoryId replyTo, List<String> topics) {

    /** Makes a missing topic list empty. */
    public PostDraft {
        topics = topics == null ? List.of() : List.copyOf(topics);
    }

    /** A post of {@code kind} with {@code content} and nothing else. */
    public static PostDraft of(PostKind kind, String content) {
        return new PostDraft(kind, content, null, List.of());
    }

    /** This draft answering {@code post}. */
    public PostDraft replyingTo(MemoryId post) {
        return new PostDraft(kind, content, post, topics);
    }
}
