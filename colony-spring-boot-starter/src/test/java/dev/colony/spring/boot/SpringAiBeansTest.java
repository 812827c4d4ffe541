package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.core.Colony;
import dev.colony.springai.ColonyChatMemoryRepository;
import dev.colony.springai.ColonyMemoryAdvisor;
import dev.colony.springai.ColonyVectorStore;
import dev.colony.springai.OnnxEmbeddingModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.model.chat.memory.autoconfigure.ChatMemoryAutoConfiguration;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Spring AI beans of the starter: Colony's chat memory repository (under Spring AI's own chat memory), memory
 * advisor and vector store when Spring AI and the adapter are on the class path, none otherwise, and none where the
 * application has its own.
 */
class SpringAiBeansTest {

    private static final String[] STARTER_BEANS = {"colonyChatMemoryRepository", "colonyMemoryAdvisor", "colonyToolCallbacks",
        "colonyVectorStore"};

    @TempDir
    Path dir;

    @Test
    void withSpringAiTheChatMemoryRepositoryAndTheAdvisorAreColonys() {
        Runners.starter(dir).run(context -> {
            assertThat(context).hasSingleBean(ChatMemoryRepository.class).hasSingleBean(ColonyMemoryAdvisor.class)
                    .as("no vector store without an embedding model").doesNotHaveBean(VectorStore.class);
            assertThat(context.getBean(ChatMemoryRepository.class)).isInstanceOf(ColonyChatMemoryRepository.class);
        });
    }

    @Test
    void springAisOwnChatMemoryKeepsItsConversationsInColony() {
        var runner = Runners.starter(dir).withConfiguration(AutoConfigurations.of(ChatMemoryAutoConfiguration.class));
        runner.run(context -> context.getBean(ChatMemory.class).add("conversation-1",
                new UserMessage("Which port does the gateway listen on?")));

        runner.run(context -> {
            assertThat(context.getBean(ChatMemoryRepository.class)).isInstanceOf(ColonyChatMemoryRepository.class);
            assertThat(context.getBean(ChatMemory.class).get("conversation-1")).extracting(Message::getText)
                    .as("read back from the store by a new context").containsExactly(
                            "Which port does the gateway listen on?");
        });
    }

    @Test
    void theStarterRunsBeforeSpringAisChatMemoryAutoConfiguration() {
        assertThat(ColonyAutoConfiguration.class.getAnnotation(AutoConfiguration.class).beforeName())
                .containsExactly(ChatMemoryAutoConfiguration.class.getName());
    }

    @Test
    void theVectorStoreSeesAnEmbeddingModelMadeByAnyAutoConfiguration() {
        Runners.starter(dir).withConfiguration(AutoConfigurations.of(LateEmbeddingModelAutoConfiguration.class))
                .run(context -> {
                    VectorStore store = context.getBean(VectorStore.class);
                    assertThat(store).isInstanceOf(ColonyVectorStore.class);
                    store.add(List.of(new Document("port", "The gateway listens on port 8443.", Map.of()),
                            new Document("cache", "The build cache lives under the target directory.", Map.of())));
                    assertThat(store.similaritySearch(SearchRequest.builder()
                            .query("Which port does the gateway use?").topK(1).build()))
                            .extracting(Document::getId).containsExactly("port");
                });
    }

    /** An embedding model made by an auto-configuration that sorts after the starter's by name. */
    @AutoConfiguration
    static class LateEmbeddingModelAutoConfiguration {

        @Bean
        EmbeddingModel embeddingModel() {
            return OnnxEmbeddingModel.get();
        }
    }

    @Test
    void withoutSpringAiOrTheAdapterThereAreNoSpringAiBeans() {
        for (String missing : List.of("org.springframework.ai", "dev.colony.springai")) {
            Runners.starter(dir).withClassLoader(new FilteredClassLoader(missing))
                    .withConfiguration(AutoConfigurations.of(LateEmbeddingModelAutoConfiguration.class))
                    .run(context -> {
                        assertThat(context).as(missing).hasNotFailed().hasSingleBean(Colony.class)
                                .hasSingleBean(CallerScope.class);
                        for (String bean : STARTER_BEANS) {
                            assertThat(context).as(missing).doesNotHaveBean(bean);
                        }
                    });
        }
    }

    @Test
    void theApplicationsOwnBeansWin() {
        Runners.starter(dir).withUserConfiguration(OwnSpringAiBeans.class).run(context -> {
            assertThat(context).hasSingleBean(ChatMemoryRepository.class).hasSingleBean(ColonyMemoryAdvisor.class)
                    .hasSingleBean(VectorStore.class);
            assertThat(context.getBean(ChatMemoryRepository.class)).isSameAs(context.getBean("ownRepository"));
            assertThat(context.getBean(ColonyMemoryAdvisor.class)).isSameAs(context.getBean("ownAdvisor"));
            assertThat(context.getBean(VectorStore.class)).isSameAs(context.getBean("ownVectorStore"));
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnSpringAiBeans {

        @Bean
        EmbeddingModel embeddingModel() {
            return OnnxEmbeddingModel.get();
        }

        @Bean
        ChatMemoryRepository ownRepository() {
            return new InMemoryChatMemoryRepository();
        }

        @Bean
        ColonyMemoryAdvisor ownAdvisor(CallerScope caller) {
            return new ColonyMemoryAdvisor(caller, 100, 2);
        }

        @Bean
        VectorStore ownVectorStore(EmbeddingModel model) {
            return SimpleVectorStore.builder(model).build();
        }
    }
}
