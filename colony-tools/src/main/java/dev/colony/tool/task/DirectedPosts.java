package dev.colony.tool.task;

import dev.colony.api.task.Participant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a thread post that is really a message to one agent: it names the agent and asks it for
 * an action or a reply. Such a post is still stored (nothing is lost), but {@code task_post} points
 * the caller to {@code task_message}, which has addressing, read receipts and replies.
 *
 * <p>An agent is named by an {@code @name} mention, or by opening the post with the agent name of a
 * participant of the thread followed by a colon or a comma ({@code codex: can you…}). A request is a
 * question mark or a phrase that asks someone to act or answer.
 */
final class DirectedPosts {

    /** Longest suggested message content, in characters: a pointer, not a copy of a long post. */
    static final int MAX_SUGGESTED_CHARS = 280;

    private static final Pattern MENTION = Pattern.compile("(?<![\\w@])@([A-Za-z][\\w.-]{0,63})");
    private static final Pattern OPENING = Pattern.compile("^\\s*([A-Za-z][\\w.-]{0,63})\\s*[:,]");
    private static final Pattern REQUEST = Pattern.compile("\\?|\\b(please|can you|could you|would you|"
            + "reply|respond|let me know|take over|pick (this|it) up|review)\\b", Pattern.CASE_INSENSITIVE);

    private DirectedPosts() {
    }

    /**
     * The agent a post addresses with a request, if it does.
     *
     * @param content the post
     * @param participants the thread's participants, whose agent names count as addresses at the start;
     *     asked for only when the post opens with a name
     */
    static Optional<String> addressee(String content, Supplier<List<Participant>> participants) {
        if (!REQUEST.matcher(content).find()) {
            return Optional.empty();
        }
        Matcher mention = MENTION.matcher(content);
        if (mention.find()) {
            return Optional.of(mention.group(1));
        }
        Matcher opening = OPENING.matcher(content);
        if (opening.find()) {
            String name = opening.group(1);
            for (Participant participant : participants.get()) {
                if (participant.agent().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    return Optional.of(participant.agent());
                }
            }
        }
        return Optional.empty();
    }

    /** The post as a short message body: one line, cut with an ellipsis when long. */
    static String compacted(String content) {
        String line = content.replaceAll("\\s+", " ").strip();
        if (line.length() <= MAX_SUGGESTED_CHARS) {
            return line;
        }
        int end = MAX_SUGGESTED_CHARS - 1;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(0, end) + "…";
    }
}
