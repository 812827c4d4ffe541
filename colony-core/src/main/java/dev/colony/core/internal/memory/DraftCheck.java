package dev.colony.core.internal.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.collection.Collections;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.core.internal.kernel.Check;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Validates and normalises a {@link MemoryDraft} before anything is written.
 *
 * <p>Content is kept exactly as written (only checked). Topics and macro topics are stripped,
 * lowercased and de-duplicated, because they are lookup keys, not prose.
 */
final class DraftCheck {

    private DraftCheck() {
    }

    /**
     * The normalised draft, with an ephemeral one's expiry set {@link MemoryLimits#EPHEMERAL_DAYS} days after
     * {@code now}, or an {@code INVALID_ARGUMENT} naming the first bad field.
     */
    static MemoryDraft validate(MemoryDraft draft, Instant now) {
        Check.required("memory", draft);
        Check.required("kind", draft.kind());
        String content = Check.required("content", draft.content());
        Check.wellFormed("content", content);
        if (Check.blank(content)) {
            throw ColonyException.invalid("content", "must not be blank");
        }
        if (content.length() > MemoryLimits.MAX_CONTENT_CHARS) {
            throw ColonyException.invalid("content", "must be at most " + MemoryLimits.MAX_CONTENT_CHARS
                    + " characters, was " + content.length());
        }
        List<String> topics = topics("topics", draft.topics(), MemoryLimits.MAX_TOPICS);
        List<String> macroTopics = topics("macro_topics", draft.macroTopics(), MemoryLimits.MAX_MACRO_TOPICS);
        String ref = Check.optionalText("ref", draft.ref(), MemoryLimits.MAX_POINTER_CHARS);
        String artifact = Check.optionalText("artifact", draft.artifact(), MemoryLimits.MAX_POINTER_CHARS);
        if (draft.ephemeral() && draft.expiresAt() != null) {
            throw ColonyException.invalid("expires_at", "give ephemeral or expires_at, not both");
        }
        if (draft.expiresAt() != null && !draft.expiresAt().isAfter(now)) {
            throw ColonyException.invalid("expires_at", "must be in the future, was " + draft.expiresAt());
        }
        // An ephemeral memory's expiry counts from when it is stored, by the Colony's clock.
        Instant expiresAt = draft.ephemeral() ? now.plus(Duration.ofDays(MemoryLimits.EPHEMERAL_DAYS))
                : draft.expiresAt();
        if (TypedRules.apply(draft.kind())) {
            topics = TypedRules.topics(draft.kind(), topics, macroTopics, ref, artifact);
            TypedRules.taskSize(draft.kind(), content);
        }
        return new MemoryDraft(draft.kind(), content, topics, macroTopics, ref, artifact, draft.task(),
                draft.replyTo(), expiresAt, MetadataCheck.validate(draft.metadata()),
                collection(draft.collection()));
    }

    /** The collection's slug as given (trimmed), or {@code null} for the personal namespace ({@code me}). */
    private static String collection(String raw) {
        if (raw == null) {
            return null;
        }
        String slug = Check.text("collection", raw, Collections.MAX_SLUG_LENGTH);
        return slug.equals(MemoryDraft.PERSONAL) ? null : slug;
    }

    private static List<String> topics(String field, List<String> raw, int max) {
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < raw.size(); i++) {
            String topic = Check.text(field + "[" + i + "]", raw.get(i), MemoryLimits.MAX_TOPIC_CHARS);
            seen.add(topic.toLowerCase(Locale.ROOT));
        }
        if (seen.size() > max) {
            throw ColonyException.invalid(field, "must have at most " + max + " entries, had " + seen.size());
        }
        return List.copyOf(new ArrayList<>(seen));
    }
}
