package dev.colony.spring.boot;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.langchain4j.ColonyContentRetriever;
import dev.colony.langchain4j.ColonyToolProvider;
import dev.colony.springai.ColonyChatMemoryRepository;
import dev.colony.springai.ColonyMemoryAdvisor;
import dev.colony.springai.ColonyToolCallbacks;
import dev.colony.tool.InProcessTools;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Colony in a Spring Boot application: a {@link Colony} on the store the {@code colony.*} properties name (closed
 * with the context), the application's {@link CallerScope}, and on it the adapters' beans of the frameworks on the
 * class path: Colony's tools ({@link InProcessTools}, as Spring AI tool callbacks and a LangChain4j tool provider),
 * Spring AI's chat memory repository and memory advisor, LangChain4j's chat memory store, chat memory provider and
 * content retriever. Every bean steps aside for one of the application's own of its type.
 *
 * <p>It runs before Spring AI's chat memory auto-configuration, so that the {@code ChatMemory} Spring AI builds
 * keeps its conversations in Colony rather than in memory. The vector store comes from
 * {@link ColonyVectorStoreAutoConfiguration}, which waits for the application's embedding model.
 */
@AutoConfiguration(beforeName = ColonyAutoConfiguration.SPRING_AI_CHAT_MEMORY)
@EnableConfigurationProperties(ColonyProperties.class)
public class ColonyAutoConfiguration {

    /** Spring AI's chat memory auto-configuration, whose in-memory repository Colony's replaces. */
    public static final String SPRING_AI_CHAT_MEMORY =
            "org.springframework.ai.model.chat.memory.autoconfigure.ChatMemoryAutoConfiguration";

    /** Created by Spring. */
    public ColonyAutoConfiguration() {
    }

    /**
     * The Colony on the configured store.
     *
     * @throws ColonyException when the store cannot be opened
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public Colony colony(ColonyProperties properties) {
        return ColonyOpener.open(properties);
    }

    /**
     * The application as a Colony caller: a fresh session of {@code colony.agent} for {@code colony.user}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the property the store refuses
     */
    @Bean
    @ConditionalOnMissingBean
    public CallerScope colonyCaller(Colony colony, ColonyProperties properties, Environment environment) {
        String agent = properties.agentOr(environment.getProperty("spring.application.name"));
        try {
            return colony.as(colony.sessions().ensure(SessionStart.of(properties.user(), agent)).actor());
        } catch (ColonyException e) {
            if ("user".equals(e.field()) || "agent".equals(e.field())) {
                throw ColonyException.invalid(ColonyProperties.PREFIX + "." + e.field(),
                        e.getMessage().substring(e.field().length() + 2));
            }
            throw e;
        }
    }

    /**
     * Colony's tools for the application's agents: the toolsets of {@code colony.toolsets}, acting for
     * {@code colony.user} as the configured agent, one Colony session per conversation (see
     * {@link InProcessTools#session}).
     */
    @Bean
    @ConditionalOnMissingBean
    public InProcessTools colonyTools(Colony colony, ColonyProperties properties, Environment environment) {
        return InProcessTools.builder(colony, properties.user(),
                        properties.agentOr(environment.getProperty("spring.application.name")))
                .toolsets(properties.chosenToolsets()).client("spring-boot").build();
    }

    /** Colony's tools as Spring AI tool callbacks, when colony-spring-ai is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.springai.ColonyToolCallbacks",
        "org.springframework.ai.tool.ToolCallbackProvider"})
    static class SpringAiTools {

        @Bean
        @ConditionalOnMissingBean
        ColonyToolCallbacks colonyToolCallbacks(InProcessTools tools) {
            return new ColonyToolCallbacks(tools);
        }
    }

    /** Colony's tools as a LangChain4j tool provider, when LangChain4j ({@code ToolProvider}) is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.langchain4j.ColonyToolProvider",
        "dev.langchain4j.service.tool.ToolProvider"})
    static class LangChain4jTools {

        @Bean
        @ConditionalOnMissingBean
        ToolProvider colonyToolProvider(InProcessTools tools) {
            return new ColonyToolProvider(tools);
        }
    }

    /** Spring AI's chat memory over Colony's chat windows, when colony-spring-ai is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.springai.ColonyChatMemoryRepository",
        "org.springframework.ai.chat.memory.ChatMemoryRepository"})
    static class SpringAiChatMemory {

        @Bean
        @ConditionalOnMissingBean
        ChatMemoryRepository colonyChatMemoryRepository(CallerScope caller) {
            return new ColonyChatMemoryRepository(caller);
        }
    }

    /** The advisor that puts the caller's relevant memories into prompts, with Spring AI's chat client. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.springai.ColonyMemoryAdvisor",
        "org.springframework.ai.chat.client.advisor.api.BaseAdvisor"})
    static class SpringAiMemoryAdvisor {

        @Bean
        @ConditionalOnMissingBean
        ColonyMemoryAdvisor colonyMemoryAdvisor(CallerScope caller) {
            return new ColonyMemoryAdvisor(caller);
        }
    }

    /** LangChain4j's chat memory store and content retriever, when colony-langchain4j is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.langchain4j.ColonyChatMemoryStore",
        "dev.langchain4j.store.memory.chat.ChatMemoryStore"})
    static class LangChain4jMemory {

        @Bean
        @ConditionalOnMissingBean
        ChatMemoryStore colonyChatMemoryStore(CallerScope caller) {
            return new ColonyChatMemoryStore(caller);
        }

        @Bean
        @ConditionalOnMissingBean
        ContentRetriever colonyContentRetriever(CallerScope caller) {
            return ColonyContentRetriever.of(caller);
        }
    }

    /**
     * A chat memory per memory id, each a window of {@code colony.langchain4j.max-messages} kept in the chat memory
     * store, when LangChain4j itself ({@code dev.langchain4j:langchain4j}) is on the class path.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.colony.langchain4j.ColonyChatMemoryStore",
        "dev.langchain4j.memory.chat.MessageWindowChatMemory"})
    static class LangChain4jChatMemoryProvider {

        @Bean
        @ConditionalOnMissingBean
        ChatMemoryProvider colonyChatMemoryProvider(ChatMemoryStore store, ColonyProperties properties) {
            int maxMessages = properties.langchain4j().maxMessages();
            return id -> MessageWindowChatMemory.builder().id(id).maxMessages(maxMessages).chatMemoryStore(store)
                    .build();
        }
    }
}
