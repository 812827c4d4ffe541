package dev.colony.core.internal.kernel;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.UserId;
import dev.colony.api.claim.ClaimPolicy;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.embedding.Passages;
import dev.colony.spi.search.BackgroundPause;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * What every per-caller service of one Colony is built from: the store, the clock, the access gate,
 * and the optional search index and embedder. One kernel per Colony; a service is a caller plus this.
 *
 * <p>Wiring for colony-core's own services, not an API for users: nothing in the public API
 * ({@code Colony}, {@code CallerScope} and the service interfaces) exposes it.
 *
 * @param storage the store, the single source of truth
 * @param time the injected clock
 * @param access the access gate
 * @param index the search index, when configured
 * @param embedder the embedder, when configured
 * @param claimPolicy the rules for file claims (age classes, idle owners, protected branches)
 * @param vectors whether the store's vectors are all of the embedder's model
 * @param modelLoading whether the embedder's model still loads in the background and searches meanwhile rank by
 *     words only (always false unless the Colony was built to)
 */
public record Kernel(
        StorageProvider storage, TimeSource time, Access access, Optional<SearchIndex> index,
        Optional<Embedder> embedder, ClaimPolicy claimPolicy, VectorState vectors, BooleanSupplier modelLoading) {

    /** Checks that every component is present. */
    public Kernel {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(claimPolicy, "claimPolicy");
        Objects.requireNonNull(vectors, "vectors");
        Objects.requireNonNull(modelLoading, "modelLoading");
    }

    /** The store as {@code user} reaches it, every transaction bound to the user by the access gate. */
    public CallerStore store(UserId user) {
        return access.store(storage, user);
    }

    /**
     * The embeddings of {@code texts}, in order, embedded as one batch and named by their model; empty
     * without an embedder.
     *
     * @throws ColonyException {@code INTERNAL} when the embedder returns vectors of the wrong count or shape
     */
    public Optional<List<StoredVector>> embed(List<String> texts) {
        if (embedder.isEmpty()) {
            return Optional.empty();
        }
        Embedder model = embedder.get();
        List<float[]> vectors;
        BackgroundPause paused = pauseBackground();
        try {
            vectors = texts.isEmpty() ? List.of() : model.embed(texts);
        } finally {
            paused.close();
        }
        if (vectors.size() != texts.size()) {
            throw new ColonyException(ErrorCode.INTERNAL, "embedder " + model.modelId() + " returned "
                    + vectors.size() + " vectors for " + texts.size() + " texts");
        }
        List<StoredVector> stored = new ArrayList<>(vectors.size());
        for (float[] vector : vectors) {
            stored.add(shaped(model, vector));
        }
        return Optional.of(stored);
    }

    /**
     * The embedding of a search query named by its model ({@link Embedder#embedQuery}).
     *
     * @throws ColonyException {@code UNAVAILABLE} without an embedder; {@code INTERNAL} when the embedder
     *     returns a vector of the wrong shape
     */
    public StoredVector embedQuery(String query) {
        Embedder model = embedder.orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE,
                "searching by meaning needs an embedding model, and this Colony has none"));
        BackgroundPause paused = pauseBackground();
        try {
            return shaped(model, model.embedQuery(query));
        } finally {
            paused.close();
        }
    }

    /**
     * Holds the index's background work back while a caller's text is embedded: the model runs on every core,
     * and indexing beside it made it wait (see {@link SearchIndex#pauseBackground()}).
     */
    private BackgroundPause pauseBackground() {
        return index.map(SearchIndex::pauseBackground).orElse(BackgroundPause.NONE);
    }

    private static StoredVector shaped(Embedder model, float[] vector) {
        if (vector == null || vector.length != model.dimension()) {
            throw new ColonyException(ErrorCode.INTERNAL, "embedder " + model.modelId() + " returned a vector of "
                    + (vector == null ? "nothing" : vector.length + " dimensions") + ", not " + model.dimension());
        }
        return new StoredVector(model.modelId(), vector);
    }

    /**
     * The embeddings of memories with {@code contents}, in order: each content and each of its
     * {@linkplain Passages passages}, all embedded as one batch; {@link MemoryEmbedding#NONE} for each without an
     * embedder.
     *
     * @throws ColonyException {@code INTERNAL} when the embedder returns vectors of the wrong count or shape
     */
    public List<MemoryEmbedding> embedMemories(List<String> contents) {
        if (embedder.isEmpty()) {
            return Collections.nCopies(contents.size(), MemoryEmbedding.NONE);
        }
        List<String> texts = new ArrayList<>(contents.size());
        List<Integer> passageCounts = new ArrayList<>(contents.size());
        for (String content : contents) {
            List<String> passages = Passages.of(content);
            texts.add(content);
            texts.addAll(passages);
            passageCounts.add(passages.size());
        }
        List<StoredVector> vectors = embed(texts).orElseThrow();
        List<MemoryEmbedding> embedded = new ArrayList<>(contents.size());
        int next = 0;
        for (int count : passageCounts) {
            embedded.add(new MemoryEmbedding(vectors.get(next), vectors.subList(next + 1, next + 1 + count)));
            next += 1 + count;
        }
        return embedded;
    }

    /** The embeddings of a memory with {@code content} ({@link #embedMemories}). */
    public MemoryEmbedding embedMemory(String content) {
        return embedMemories(List.of(content)).get(0);
    }

    /** The embedding of {@code content} named by its model, or {@code null} without an embedder. */
    public StoredVector embed(String content) {
        return embed(List.of(content)).map(vectors -> vectors.get(0)).orElse(null);
    }
}
