package dev.colony.langchain4j;

import dev.colony.core.fixture.OpenColony;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithRemovalIT;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;

/**
 * LangChain4j's own contract for removal (by id, ids, filter and all) on {@link ColonyEmbeddingStore} with
 * Colony's own embedder. Each test gets a store of its own name, as the contract expects an empty one.
 */
abstract class RemovalEmbeddingStoreContract extends EmbeddingStoreWithRemovalIT {

    private ColonyEmbeddingStore store;

    /** The Colony of the class. */
    abstract OpenColony colony();

    @BeforeEach
    void newStore() {
        store = new ColonyEmbeddingStore(colony().as("alice"), "removal-" + UUID.randomUUID());
    }

    @Override
    protected EmbeddingStore<TextSegment> embeddingStore() {
        return store;
    }

    @Override
    protected EmbeddingModel embeddingModel() {
        return ColonyEmbeddingModel.get();
    }
}
