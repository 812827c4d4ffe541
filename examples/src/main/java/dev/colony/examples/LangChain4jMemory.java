package dev.colony.examples;

import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.langchain4j.ColonyContentRetriever;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import java.nio.file.Path;
import java.util.List;

/**
 * The README's LangChain4j example: chat memories kept in a Colony store, one window per conversation id, and a
 * content retriever over the caller's memories, ready for an AI service.
 */
public final class LangChain4jMemory {

    private LangChain4jMemory() {
    }

    /**
     * Adds a user message to conversation {@code conversation-42} in the store {@code db} and returns that
     * conversation's window as the store holds it, so a test can check it (and open the store again).
     *
     * @param db the SQLite database file to create or open
     */
    public static List<ChatMessage> run(Path db) {
        // --- README LangChain4j: begin ---
        try (Colony colony = Colony.builder()
                .storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore())
                .build()) {
            CallerScope me = colony.as(colony.sessions().ensure(SessionStart.of("alice", "my-agent")).actor());
            ChatMemoryProvider memories = id -> MessageWindowChatMemory.builder()
                    .id(id)
                    .maxMessages(20)
                    .chatMemoryStore(new ColonyChatMemoryStore(me))
                    .build();
            ContentRetriever retriever = ColonyContentRetriever.of(me);
            // AiServices.builder(Assistant.class).chatModel(model)
            //         .chatMemoryProvider(memories).contentRetriever(retriever).build();
            memories.get("conversation-42").add(UserMessage.from("Which port does the gateway listen on?"));
            return memories.get("conversation-42").messages();
        }
        // --- README LangChain4j: end ---
    }
}
