package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.spring.AiService;
import dev.langchain4j.spring.LangChain4jAutoConfig;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * LangChain4j's own Spring Boot starter builds an {@link AiService} in its AUTOMATIC wiring mode from the starter's
 * beans: the chat memory provider keeps the conversation in Colony and the content retriever puts the caller's
 * memory into the prompt, before a scripted chat model that records what it is asked.
 */
class AiServiceWiringTest {

    @TempDir
    Path dir;

    /** The application's AI service, found by LangChain4j's scanner in the application's package. */
    @AiService
    interface Assistant {

        String chat(@MemoryId String conversation, @dev.langchain4j.service.UserMessage String question);
    }

    @Test
    void anAutomaticAiServiceUsesTheStartersChatMemoryAndRetriever() {
        Runners.starter(dir).withConfiguration(AutoConfigurations.of(LangChain4jAutoConfig.class))
                .withUserConfiguration(Application.class).run(context -> {
                    context.getBean(CallerScope.class).memories().add(MemoryDraft.of(MemoryKind.FACT,
                            "The gateway listens on port 8443 behind the load balancer."));

                    assertThat(context.getBean(Assistant.class).chat("conversation-1",
                            "Which port does the gateway use?")).isEqualTo("Port 8443.");

                    List<ChatMessage> asked = context.getBean(ScriptedModel.class).requests.get(0).messages();
                    assertThat(((UserMessage) asked.get(asked.size() - 1)).singleText())
                            .as("the retrieved memory is in the prompt").contains("port 8443 behind the load balancer");
                    assertThat(context.getBean(ChatMemoryStore.class).getMessages("conversation-1"))
                            .as("the exchange is kept in Colony").hasSize(2)
                            .last().isEqualTo(AiMessage.from("Port 8443."));
                });
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage
    static class Application {

        @Bean
        ScriptedModel chatModel() {
            return new ScriptedModel();
        }
    }

    /** A chat model that records its requests and always gives the same answer. */
    static final class ScriptedModel implements ChatModel {

        final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

        @Override
        public ChatResponse doChat(ChatRequest request) {
            requests.add(request);
            return ChatResponse.builder().aiMessage(AiMessage.from("Port 8443.")).build();
        }
    }
}
