package dev.colony.core.internal.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.metric.ToolMetric;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of the typed memories ({@link MemoryKind#TYPED}), which agents write to be found again: their
 * topics are search keywords, so each is one lowercase word; a preference names whose it is with the topic
 * {@code user} first; a task stays small enough to be read whole. Checked after {@link DraftCheck} has
 * normalised the draft; other kinds (coordination notes, messages) keep their own topics as given.
 */
final class TypedRules {

    /** The most tokens a task may hold: milestones fit in far fewer; more is several tasks. */
    static final int MAX_TASK_TOKENS = 500;
    /** The topic a preference starts with. */
    static final String USER = "user";

    private static final Pattern WORD = Pattern.compile("[\\p{Ll}\\p{Lo}\\p{Nd}]+");

    private TypedRules() {
    }

    /** Whether the rules apply to {@code kind}. */
    static boolean apply(MemoryKind kind) {
        return MemoryKind.TYPED.contains(kind);
    }

    /**
     * The topics to store: the given ones (each checked to be one word), without those repeated in the
     * macro topics, then the ref and the artifact so that a search for either finds the memory.
     */
    static List<String> topics(MemoryKind kind, List<String> topics, List<String> macroTopics, String ref,
            String artifact) {
        for (int i = 0; i < topics.size(); i++) {
            if (!WORD.matcher(topics.get(i)).matches()) {
                throw ColonyException.invalid("topics[" + i + "]", "must be one lowercase word of letters and "
                        + "digits (no spaces, hyphens or underscores; use several topics instead), was "
                        + Echo.quoted(topics.get(i)));
            }
        }
        if (kind.equals(MemoryKind.PREFERENCE) && (topics.isEmpty() || !topics.get(0).equals(USER))) {
            throw ColonyException.invalid("topics", "a preference's first topic must be " + USER + " (add "
                    + "behavioral after it to load it in every session)");
        }
        Set<String> kept = new LinkedHashSet<>(topics);
        kept.removeAll(macroTopics);
        for (String pointer : new String[] {ref, artifact}) {
            if (pointer != null) {
                kept.add(pointer.toLowerCase(Locale.ROOT));
            }
        }
        if (kept.size() > MemoryLimits.MAX_TOPICS + 2) {
            throw ColonyException.invalid("topics", "must have at most " + MemoryLimits.MAX_TOPICS + " entries");
        }
        return List.copyOf(kept);
    }

    /** Refuses a task too long to be read whole, with the advice to split it. */
    static void taskSize(MemoryKind kind, String content) {
        if (!kind.isTask()) {
            return;
        }
        long tokens = ToolMetric.estimateTokens(content.getBytes(StandardCharsets.UTF_8).length);
        if (tokens > MAX_TASK_TOKENS) {
            throw ColonyException.invalid("content", "a task holds at most " + MAX_TASK_TOKENS + " tokens, this one "
                    + "about " + tokens + ": split it into several tasks that share topics");
        }
    }
}
