package dev.colony.springai;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TextRule;
import dev.colony.api.chat.ChatWindows;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;

/**
 * Spring AI's {@link ChatMemoryRepository} kept in a Colony store: each conversation is one chat window of the
 * caller's user, its messages in a small versioned JSON form of this adapter (system, user with media, assistant
 * with tool calls, tool responses; text and metadata each).
 *
 * <p>{@link #saveAll} replaces the conversation in one transaction, so processes sharing the store each read a
 * whole conversation, never a mix of two. Conversations live under window ids prefixed {@value #WINDOW_PREFIX}:
 * a LangChain4j chat memory of the same user and id is another window, neither framework lists or reads the
 * other's. Conversations belong to the caller's user: another user of the store never sees them.
 *
 * <p>Bad input is refused as Spring's own repositories refuse it, with an {@link IllegalArgumentException}
 * naming the argument ({@code conversationId}, {@code messages}), before anything is written. Thread-safe.
 */
public final class ColonyChatMemoryRepository implements ChatMemoryRepository {

    /** The prefix of the chat windows holding Spring AI conversations. */
    public static final String WINDOW_PREFIX = "spring-ai:";

    /** The longest conversation id, in characters. */
    public static final int MAX_CONVERSATION_ID_LENGTH = ChatWindows.MAX_ID_LENGTH - WINDOW_PREFIX.length();

    private final ChatWindows windows;

    /** The conversations of {@code caller}'s user, e.g. {@code new ColonyChatMemoryRepository(colony.as(actor))}. */
    public ColonyChatMemoryRepository(CallerScope caller) {
        this.windows = Objects.requireNonNull(caller, "caller").chatWindows();
    }

    /** The ids of the caller's user's conversations, in the order of their characters' codes. */
    @Override
    public List<String> findConversationIds() {
        List<String> ids = new ArrayList<>();
        for (String windowId : windows.ids(WINDOW_PREFIX)) {
            ids.add(windowId.substring(WINDOW_PREFIX.length()));
        }
        return ids;
    }

    /** The conversation's messages in their order; an empty list for an unknown id. */
    @Override
    public List<Message> findByConversationId(String conversationId) {
        String windowId = windowId(conversationId);
        return windows.find(windowId).map(json -> ConversationJson.read(conversationId, json))
                .orElseGet(ArrayList::new);
    }

    /** Stores {@code messages} as the whole conversation, replacing what it held (an empty list empties it). */
    @Override
    public void saveAll(String conversationId, List<Message> messages) {
        String windowId = windowId(conversationId);
        if (messages == null) {
            throw new IllegalArgumentException("messages must not be null (an empty list empties the conversation)");
        }
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) == null) {
                throw new IllegalArgumentException("messages must not contain null: message " + i + " is null");
            }
        }
        String json = ConversationJson.write(messages);
        try {
            windows.replace(windowId, json);
        } catch (ColonyException e) {
            throw e.code() == ErrorCode.INVALID_ARGUMENT ? new IllegalArgumentException(
                    "conversation '" + conversationId + "' cannot be stored: " + e.getMessage(), e) : e;
        }
    }

    /** Removes the conversation, if there is one. */
    @Override
    public void deleteByConversationId(String conversationId) {
        windows.delete(windowId(conversationId));
    }

    private static String windowId(String conversationId) {
        if (conversationId == null || conversationId.isBlank()) {
            throw new IllegalArgumentException("conversationId must not be null, empty or blank");
        }
        if (conversationId.length() > MAX_CONVERSATION_ID_LENGTH) {
            throw new IllegalArgumentException("conversationId is at most " + MAX_CONVERSATION_ID_LENGTH
                    + " characters, was " + conversationId.length());
        }
        try {
            TextRule.identifier("conversationId", conversationId);
        } catch (ColonyException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return WINDOW_PREFIX + conversationId;
    }
}
