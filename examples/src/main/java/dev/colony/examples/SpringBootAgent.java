package dev.colony.examples;

import dev.colony.springai.ColonyMemoryAdvisor;
import dev.colony.springai.ColonyToolCallbacks;
import dev.colony.tool.InProcessTools;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The README's Spring Boot example: an application whose chat client keeps its conversations in Colony (through
 * Spring AI's own {@code ChatMemory}, which the starter's repository backs), reads the caller's relevant memories
 * into each prompt and calls Colony's tools. The starter makes every Colony bean from {@code colony.*} properties;
 * the application brings its {@code ChatModel}.
 */
@SpringBootApplication
public class SpringBootAgent {

    /** Created by Spring. */
    public SpringBootAgent() {
    }

    // --- README Spring Boot: begin ---
    @Bean
    ChatClient chatClient(ChatModel model, ChatMemory chatMemory, ColonyMemoryAdvisor memories,
            ColonyToolCallbacks tools, InProcessTools colonyTools) {
        return ChatClient.builder(model)
                .defaultSystem(colonyTools.guidance())
                .defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build(), memories)
                .defaultTools(tools)
                .build();
    }

    /** Asks {@code question} in {@code conversation}: its chat memory, and the session its tool calls act in. */
    public static String ask(ChatClient chat, String conversation, String question) {
        return chat.prompt()
                .user(question)
                .advisors(advisor -> advisor.param(ChatMemory.CONVERSATION_ID, conversation))
                .toolContext(Map.of(ChatMemory.CONVERSATION_ID, conversation))
                .call()
                .content();
    }
    // --- README Spring Boot: end ---
}
