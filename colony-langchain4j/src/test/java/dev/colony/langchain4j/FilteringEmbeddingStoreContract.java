package dev.colony.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreAddAllContract;
import dev.langchain4j.store.embedding.EmbeddingStoreRemoveAllContract;
import dev.langchain4j.store.embedding.EmbeddingStoreWithFilteringIT;

/**
 * LangChain4j's own contract for embedding stores with metadata filters (which includes the plain store's and the
 * typed metadata round trip), and its addAll and removeAll contracts, on {@link ColonyEmbeddingStore} with
 * Colony's own embedder. Every test starts from an empty store ({@code removeAll()}).
 */
abstract class FilteringEmbeddingStoreContract extends EmbeddingStoreWithFilteringIT
        implements EmbeddingStoreAddAllContract, EmbeddingStoreRemoveAllContract {

    /** The store of the class's Colony. */
    abstract ColonyEmbeddingStore store();

    @Override
    public EmbeddingStore<TextSegment> embeddingStore() {
        return store();
    }

    @Override
    protected EmbeddingModel embeddingModel() {
        return ColonyEmbeddingModel.get();
    }

    /** Colony runs {@code ContainsString} (case-sensitive), so the contract's "contains" tests apply. */
    @Override
    protected boolean supportsContains() {
        return true;
    }

    @Override
    protected void clearStore() {
        store().removeAll();
    }
}
