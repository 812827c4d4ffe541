package dev.colony.spring.boot;

import dev.colony.api.CallerScope;
import dev.colony.springai.ColonyVectorStore;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/**
 * Spring AI's {@link VectorStore} over Colony, for an application with an {@link EmbeddingModel}: the documents go
 * into a named store of the caller's user, embedded by that model.
 *
 * <p>Apart from {@link ColonyAutoConfiguration} and ordered last, so that it sees the embedding model whichever
 * auto-configuration makes it (Spring AI's model auto-configurations carry no order of their own).
 */
@AutoConfiguration(after = ColonyAutoConfiguration.class)
@AutoConfigureOrder(Ordered.LOWEST_PRECEDENCE)
@ConditionalOnClass(name = {"dev.colony.springai.ColonyVectorStore", "org.springframework.ai.vectorstore.VectorStore"})
public class ColonyVectorStoreAutoConfiguration {

    /** Created by Spring. */
    public ColonyVectorStoreAutoConfiguration() {
    }

    /** The vector store in the caller's {@value ColonyVectorStore#DEFAULT_STORE} store. */
    @Bean
    @ConditionalOnBean({EmbeddingModel.class, CallerScope.class})
    @ConditionalOnMissingBean(VectorStore.class)
    public VectorStore colonyVectorStore(CallerScope caller, EmbeddingModel embeddingModel) {
        return new ColonyVectorStore(caller, embeddingModel);
    }
}
