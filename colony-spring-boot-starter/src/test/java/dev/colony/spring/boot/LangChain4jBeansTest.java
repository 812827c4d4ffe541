package dev.colony.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.langchain4j.ColonyContentRetriever;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import dev.langchain4j.store.memory.chat.InMemoryChatMemoryStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The LangChain4j beans of the starter: Colony's chat memory store, a chat memory provider of windows kept in it,
 * and the content retriever over Colony's search, when the adapter (and, for the provider, LangChain4j itself) is
 * on the class path; none otherwise, and none where the application has its own.
 */
class LangChain4jBeansTest {

    @TempDir
    Path dir;

    @Test
    void theProvidersWindowsAreKeptInColonyAtTheConfiguredLength() {
        Runners.starter(dir).withPropertyValues("colony.langchain4j.max-messages=3").run(context -> {
            assertThat(context.getBean(ChatMemoryStore.class)).isInstanceOf(ColonyChatMemoryStore.class);
            ChatMemory memory = context.getBean(ChatMemoryProvider.class).get("conversation-7");
            for (int i = 1; i <= 5; i++) {
                memory.add(UserMessage.from("message " + i));
            }
        });

        Runners.starter(dir).run(context -> assertThat(context.getBean(ChatMemoryStore.class)
                .getMessages("conversation-7")).extracting(LangChain4jBeansTest::text)
                .as("the last three, read back by a new context").containsExactly("message 3", "message 4",
                        "message 5"));
    }

    @Test
    void theRetrieverFindsTheCallersMemories() {
        Runners.starter(dir).run(context -> {
            context.getBean(CallerScope.class).memories().add(MemoryDraft.of(MemoryKind.DECISION,
                    "Auth tokens are JWTs signed with RS256, so the gateway verifies them offline."));
            ContentRetriever retriever = context.getBean(ContentRetriever.class);
            assertThat(retriever).isInstanceOf(ColonyContentRetriever.class);
            List<Content> found = retriever.retrieve(Query.from("how are auth tokens signed"));
            assertThat(found).hasSize(1);
            assertThat(found.get(0).textSegment().metadata().getString(ColonyContentRetriever.TYPE))
                    .isEqualTo("decision");
        });
    }

    @Test
    void withoutTheAdapterThereAreNoLangChain4jBeans() {
        Runners.starter(dir).withClassLoader(new FilteredClassLoader("dev.colony.langchain4j")).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Colony.class);
            assertThat(context).doesNotHaveBean("colonyChatMemoryStore").doesNotHaveBean("colonyContentRetriever")
                    .doesNotHaveBean("colonyChatMemoryProvider").doesNotHaveBean("colonyToolProvider");
        });
    }

    @Test
    void withoutLangChain4jItselfThereIsNoProviderButTheStoreAndRetriever() {
        Runners.starter(dir).withClassLoader(new FilteredClassLoader(MessageWindowChatMemory.class,
                ChatMemoryProvider.class)).run(context -> {
                    assertThat(context).hasNotFailed().doesNotHaveBean("colonyChatMemoryProvider");
                    assertThat(context).hasSingleBean(ChatMemoryStore.class).hasSingleBean(ContentRetriever.class);
                });
    }

    @Test
    void theApplicationsOwnBeansWin() {
        Runners.starter(dir).withUserConfiguration(OwnLangChain4jBeans.class).run(context -> {
            assertThat(context).hasSingleBean(ChatMemoryStore.class).hasSingleBean(ChatMemoryProvider.class)
                    .hasSingleBean(ContentRetriever.class);
            assertThat(context.getBean(ChatMemoryStore.class)).isSameAs(context.getBean("ownStore"));
            assertThat(context.getBean(ChatMemoryProvider.class)).isSameAs(context.getBean("ownProvider"));
            assertThat(context.getBean(ContentRetriever.class)).isSameAs(context.getBean("ownRetriever"));
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnLangChain4jBeans {

        @Bean
        ChatMemoryStore ownStore() {
            return new InMemoryChatMemoryStore();
        }

        @Bean
        ChatMemoryProvider ownProvider(ChatMemoryStore store) {
            return id -> MessageWindowChatMemory.builder().id(id).maxMessages(2).chatMemoryStore(store).build();
        }

        @Bean
        ContentRetriever ownRetriever(CallerScope caller) {
            return ColonyContentRetriever.builder(caller).fullBodies(true).build();
        }
    }

    @Test
    void theProviderKeepsItsWindowsInTheApplicationsOwnStore() {
        Runners.starter(dir).withUserConfiguration(OwnStoreOnly.class).run(context -> {
            context.getBean(ChatMemoryProvider.class).get("c").add(UserMessage.from("kept in memory"));
            assertThat(context.getBean(InMemoryChatMemoryStore.class).getMessages("c"))
                    .extracting(LangChain4jBeansTest::text).containsExactly("kept in memory");
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnStoreOnly {

        @Bean
        InMemoryChatMemoryStore ownStore() {
            return new InMemoryChatMemoryStore();
        }
    }

    private static String text(ChatMessage message) {
        return ((UserMessage) message).singleText();
    }
}
