package dev.colony.examples;

import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.springai.ColonyChatMemoryRepository;
import dev.colony.springai.ColonyVectorStore;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.VectorStore;

/**
 * The README's Spring AI example: a chat memory kept in a Colony store, one conversation per id, and a vector
 * store of documents embedded by the application's own Spring AI embedding model, ready for a chat client.
 */
public final class SpringAiMemory {

    private SpringAiMemory() {
    }

    /**
     * Stores one document and adds a user message to conversation {@code conversation-42} in the store
     * {@code db}; returns that conversation as the store holds it, so a test can check it (and open the store
     * again).
     *
     * @param db the SQLite database file to create or open
     * @param embeddingModel the model that embeds the documents and queries
     */
    public static List<Message> run(Path db, EmbeddingModel embeddingModel) {
        // --- README Spring AI: begin ---
        try (Colony colony = Colony.builder()
                .storage(SqliteStorageProvider.open(db))
                .build()) {
            CallerScope me = colony.as(colony.sessions().ensure(SessionStart.of("alice", "my-agent")).actor());
            ChatMemory memory = MessageWindowChatMemory.builder()
                    .chatMemoryRepository(new ColonyChatMemoryRepository(me))
                    .maxMessages(20)
                    .build();
            VectorStore docs = new ColonyVectorStore(me, embeddingModel);
            // ChatClient.builder(chatModel).defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build(),
            //         QuestionAnswerAdvisor.builder(docs).build()).build();
            docs.add(List.of(new Document("gateway-port", "The gateway listens on port 8443.", Map.of())));
            memory.add("conversation-42", new UserMessage("Which port does the gateway listen on?"));
            return memory.get("conversation-42");
        }
        // --- README Spring AI: end ---
    }
}
