package dev.colony.core.internal.kernel;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.StorageProvider;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether the store's vectors are all of the configured embedder's model, so that a search by meaning
 * never silently compares a query with vectors of another model (or misses the memories embedded by
 * one). Read from the store on the first search by meaning, and again after a re-embedding.
 */
public final class VectorState {

    /** The command that re-embeds a store with the configured model. */
    public static final String REINDEX_COMMAND = "colony reindex";

    private final StorageProvider storage;
    private final Optional<Embedder> embedder;
    private volatile Optional<String> mixed;

    /** The state of {@code storage}'s vectors against {@code embedder}'s model. */
    public VectorState(StorageProvider storage, Optional<Embedder> embedder) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
    }

    /**
     * Fails when the store holds vectors of a model other than the configured one.
     *
     * @throws ColonyException {@code UNAVAILABLE} naming the models found and the command to run
     */
    public void requireOneModel() {
        Optional<String> found = mixed;
        if (found == null) {
            found = check();
            mixed = found;
        }
        found.ifPresent(message -> {
            throw new ColonyException(ErrorCode.UNAVAILABLE, message);
        });
    }

    /** Forgets what was read: the next search by meaning reads the store's models again. */
    public void recheck() {
        mixed = null;
    }

    private Optional<String> check() {
        if (embedder.isEmpty()) {
            return Optional.empty();
        }
        String model = embedder.get().modelId();
        Map<String, Long> others = storage.read(tx -> tx.memoryVectors().otherVectorModels(model));
        if (others.isEmpty()) {
            return Optional.empty();
        }
        String listed = others.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getKey() + " (" + entry.getValue() + " memories)")
                .collect(Collectors.joining(", "));
        return Optional.of("search by meaning refused: the store holds vectors of " + listed + ", but this Colony "
                + "embeds with " + model + "; run '" + REINDEX_COMMAND + "' to embed them again with " + model
                + ", or search with mode keyword");
    }
}
