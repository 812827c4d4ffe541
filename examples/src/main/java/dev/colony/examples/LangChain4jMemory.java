package dev.colony.examples;

import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.langchain4j.ColonyContentRetriever;
import dev.colony.langchain4j.ColonyToolProvider;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.InProcessTools;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import java.nio.file.Path;

/**
 * The README's LangChain4j example: an AI service whose chat memory is kept in a Colony store (one window per
 * conversation id), whose retriever searches the caller's memories, and whose tools are Colony's.
 */
public final class LangChain4jMemory {

    private LangChain4jMemory() {
    }

    /** The AI service: one chat memory per conversation. */
    public interface Assistant {

        /** Answers {@code message} in {@code conversation}. */
        String chat(@MemoryId String conversation, @UserMessage String message);
    }

    /**
     * Asks the assistant, backed by {@code model}, to remember where the gateway listens, in conversation
     * {@code conversation-42} on the store {@code db}, and returns its answer.
     *
     * @param db the SQLite database file to create or open
     * @param model the chat model (any LangChain4j {@code ChatModel}; the build's test scripts one)
     */
    public static String run(Path db, ChatModel model) {
        // --- README LangChain4j: begin ---
        try (Colony colony = Colony.builder()
                .storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore())
                .build()) {
            CallerScope me = colony.as(colony.sessions().ensure(SessionStart.of("alice", "my-agent")).actor());
            InProcessTools tools = InProcessTools.builder(colony, "alice", "my-agent")
                    .toolsets("memory,coordination")
                    .build();
            Assistant assistant = AiServices.builder(Assistant.class)
                    .chatModel(model)
                    .systemMessageProvider(id -> tools.guidance())
                    .chatMemoryProvider(id -> MessageWindowChatMemory.builder()
                            .id(id)
                            .maxMessages(20)
                            .chatMemoryStore(new ColonyChatMemoryStore(me))
                            .build())
                    .contentRetriever(ColonyContentRetriever.of(me))
                    .toolProvider(new ColonyToolProvider(tools))
                    .build();
            return assistant.chat("conversation-42", "Remember: the gateway listens on port 8443.");
        }
        // --- README LangChain4j: end ---
    }
}
