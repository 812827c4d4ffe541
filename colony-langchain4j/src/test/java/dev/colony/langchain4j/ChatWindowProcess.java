package dev.colony.langchain4j;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageSerializer;
import dev.langchain4j.data.message.UserMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The child's side of the two-process chat memory test: reads the window the parent left and says so with a
 * line on stdout ({@value #READ}), then replaces the window {@link #ROUNDS} times with windows of its own while the parent does too,
 * reading it back after each replace; reports what it first saw and every read that was not one whole window.
 */
final class ChatWindowProcess {

    /** Replaces each side makes. */
    static final int ROUNDS = 40;
    /** Messages in each window written. */
    static final int SIZE = 3;
    /** The line the child prints once it has read the parent's window. */
    static final String READ = "read";

    private ChatWindowProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store (a SQLite file path or a {@code jdbc:postgresql:} URL), user, window id, side name,
     *     outcome file
     */
    public static void main(String[] args) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(open(args[0])).build()) {
            ColonyChatMemoryStore store = store(colony, args[1]);
            lines.add("saw " + ChatMessageSerializer.messagesToJson(store.getMessages(args[2])));
            System.out.println(READ);
            System.out.flush();
            lines.addAll(replaceAndRead(store, args[2], args[3]));
        }
        Files.write(Path.of(args[4]), lines, StandardCharsets.UTF_8);
    }

    static StorageProvider open(String spec) {
        return spec.startsWith("jdbc:postgresql:") ? PostgresStorageProvider.open(spec)
                : SqliteStorageProvider.open(Path.of(spec));
    }

    static ColonyChatMemoryStore store(Colony colony, String user) {
        return new ColonyChatMemoryStore(colony.as(colony.sessions().ensure(SessionStart.of(user, "claude-code"))
                .actor()));
    }

    /** The window {@code side} writes in {@code round}: {@link #SIZE} messages, each naming side and round. */
    static List<ChatMessage> window(String side, int round) {
        List<ChatMessage> messages = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            messages.add(UserMessage.from(side + " " + round + " " + i));
        }
        return messages;
    }

    /** Replaces and reads back {@link #ROUNDS} times; one {@code torn ...} line per read that mixed windows. */
    static List<String> replaceAndRead(ColonyChatMemoryStore store, String windowId, String side) {
        List<String> torn = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            store.updateMessages(windowId, window(side, round));
            List<ChatMessage> read = store.getMessages(windowId);
            Set<String> writers = read.stream().map(message -> ((UserMessage) message).singleText())
                    .map(text -> text.substring(0, text.lastIndexOf(' '))).collect(Collectors.toSet());
            if (read.size() != SIZE || writers.size() != 1) {
                torn.add("torn " + ChatMessageSerializer.messagesToJson(read));
            }
        }
        return torn;
    }
}
