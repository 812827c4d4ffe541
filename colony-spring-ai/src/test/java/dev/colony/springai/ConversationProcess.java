package dev.colony.springai;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * The child's side of the two-process conversation test: reports the conversation ids and the messages of the
 * conversation the parent saved, then saves a conversation of its own for the parent to read.
 */
final class ConversationProcess {

    private ConversationProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store (a SQLite file path or a {@code jdbc:postgresql:} URL), user, the parent's conversation
     *     id, the child's conversation id, outcome file
     */
    public static void main(String[] args) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(open(args[0])).build()) {
            ChatMemoryRepository repository = repository(colony, args[1]);
            lines.add("ids " + repository.findConversationIds());
            for (Message message : repository.findByConversationId(args[2])) {
                lines.add(message.getMessageType() + " " + message.getText());
            }
            repository.saveAll(args[3], conversation("child"));
        }
        Files.write(Path.of(args[4]), lines, StandardCharsets.UTF_8);
    }

    static StorageProvider open(String spec) {
        return spec.startsWith("jdbc:postgresql:") ? PostgresStorageProvider.open(spec)
                : SqliteStorageProvider.open(Path.of(spec));
    }

    static ChatMemoryRepository repository(Colony colony, String user) {
        return new ColonyChatMemoryRepository(colony.as(colony.sessions().ensure(SessionStart.of(user,
                "spring-ai")).actor()));
    }

    /** The conversation {@code side} saves: a question and its answer, each naming the side. */
    static List<Message> conversation(String side) {
        return List.of(new UserMessage(side + " asks"), new AssistantMessage(side + " answers"));
    }
}
