package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryKind;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embeddings stored with memories: read to compare memories by meaning (duplicates, clusters, a copy into
 * a collection, an edit that keeps its text) and written by a re-embedding. Forgotten and purged memories are
 * left out, as in {@link MemoryRecords}.
 */
public interface MemoryVectors {

    /** The model id under which {@link #otherVectorModels} counts vectors stored before models were recorded. */
    String UNKNOWN_MODEL = "unknown";

    /** The memories with these ids that exist, with their stored vectors and revs, in ascending id order. */
    List<MemoryDocument> documents(Collection<MemoryId> ids);

    /**
     * How many memories carry a vector of a model other than {@code model}, by the model that computed it;
     * vectors stored before models were recorded count under {@link #UNKNOWN_MODEL}. Empty when the store's
     * vectors are all of {@code model}: what a search by meaning checks before it compares a query with
     * them. Its cost does not grow with the number of {@code model}'s own vectors.
     */
    Map<String, Long> otherVectorModels(String model);

    /**
     * Memories with no vector of {@code model} and {@code dimension} (none at all, or another model's, or one
     * stored before the embeddings of sentences were: see {@link MemoryDocument#passages()}),
     * of any kind but {@code excludedKinds}, with an id greater than {@code afterId}, in ascending id
     * order, at most {@code limit}: what a re-embedding pages through.
     */
    List<MemoryDocument> withoutVector(String model, int dimension, Set<MemoryKind> excludedKinds, long afterId,
            int limit);

    /**
     * How many memories have no vector of {@code model} and {@code dimension}: those a search by meaning cannot find.
     * {@link #withoutVector} pages through these and through the memories whose vector was stored before the
     * embeddings of sentences were (found by meaning, by their whole vector only).
     */
    long countWithoutVector(String model, int dimension, Set<MemoryKind> excludedKinds);

    /**
     * Stores {@code vector} as the embedding of memory {@code id} if the memory is still at {@code rev}
     * (compare-and-set: an edit made meanwhile wins, and brings its own vector); the memory then takes
     * the next rev, so the change feed hands the vector to every index. Must run in a write transaction.
     *
     * @return whether the vector was stored
     */
    default boolean storeVector(MemoryId id, long rev, StoredVector vector) {
        return storeVector(id, rev, vector, List.of());
    }

    /**
     * {@link #storeVector(MemoryId, long, StoredVector)} with the embeddings of the memory's sentences, of the
     * vector's model and dimension, which replace the stored ones.
     */
    boolean storeVector(MemoryId id, long rev, StoredVector vector, List<StoredVector> passages);
}
