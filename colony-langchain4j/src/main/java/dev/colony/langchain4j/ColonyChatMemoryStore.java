package dev.colony.langchain4j;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.chat.ChatWindows;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageDeserializer;
import dev.langchain4j.data.message.ChatMessageSerializer;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A LangChain4j {@link ChatMemoryStore} kept in a Colony store: each memory id is one chat window of the caller's
 * user, its messages stored in LangChain4j's own JSON form, so every message type round-trips.
 *
 * <p>LangChain4j hands over the whole current window on each update; it replaces the stored window in one
 * transaction, so processes sharing the store each read a whole window, never a mix of two. The memory id is
 * the window id ({@code toString()} of the id object): give the chat memory one, as in
 * {@code MessageWindowChatMemory.builder().id(userId)}, or every conversation shares LangChain4j's "default".
 * Windows belong to the caller's user: another user of the same store never sees them.
 *
 * <p>The async methods run on the calling thread and complete before they return (the store is local); a failure
 * completes the future exceptionally instead of throwing. Thread-safe.
 */
public final class ColonyChatMemoryStore implements ChatMemoryStore {

    private final ChatWindows windows;

    /** The chat memories of {@code caller}'s user, e.g. {@code new ColonyChatMemoryStore(colony.as(actor))}. */
    public ColonyChatMemoryStore(CallerScope caller) {
        this.windows = Objects.requireNonNull(caller, "caller").chatWindows();
    }

    /** The messages of window {@code memoryId}: an empty (modifiable) list when it has none, never null. */
    @Override
    public List<ChatMessage> getMessages(Object memoryId) {
        return windows.find(windowId(memoryId)).map(ChatMessageDeserializer::messagesFromJson).map(ArrayList::new)
                .orElseGet(ArrayList::new);
    }

    /** Stores {@code messages} as the whole window {@code memoryId}, replacing what it held. */
    @Override
    public void updateMessages(Object memoryId, List<ChatMessage> messages) {
        String id = windowId(memoryId);
        if (messages == null) {
            throw ColonyException.invalid("messages", "is required (an empty list clears the window)");
        }
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) == null) {
                throw ColonyException.invalid("messages", "message " + i + " is null");
            }
        }
        windows.replace(id, ChatMessageSerializer.messagesToJson(messages));
    }

    /** Removes window {@code memoryId}, if it exists. */
    @Override
    public void deleteMessages(Object memoryId) {
        windows.delete(windowId(memoryId));
    }

    @Override
    public CompletableFuture<List<ChatMessage>> getMessagesAsync(Object memoryId) {
        return completed(() -> getMessages(memoryId));
    }

    @Override
    public CompletableFuture<Void> updateMessagesAsync(Object memoryId, List<ChatMessage> messages) {
        return completed(() -> {
            updateMessages(memoryId, messages);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> deleteMessagesAsync(Object memoryId) {
        return completed(() -> {
            deleteMessages(memoryId);
            return null;
        });
    }

    private static <T> CompletableFuture<T> completed(Supplier<T> work) {
        try {
            return CompletableFuture.completedFuture(work.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static String windowId(Object memoryId) {
        if (memoryId == null) {
            throw ColonyException.invalid("memoryId", "is required: give the chat memory an id");
        }
        return memoryId.toString();
    }
}
