package dev.colony.core.internal.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.Reembedding;
import dev.colony.api.memory.MemoryKind;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.MemoryEmbedding;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.MemoryDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Gives every memory a vector of the configured embedder's model: those embedded by another model,
 * by a model that was not recorded, or not at all (a store filled without an embedder), and the embeddings of
 * their sentences to those stored before sentences were embedded. Audit records,
 * which are never embedded, are left alone. Pages through the store in id order, embeds a page as one
 * batch, and stores each vector by compare-and-set on the memory's rev, so that a memory edited
 * meanwhile keeps the vector its edit brought. Safe to stop at any point and run again; many
 * processes may search while it runs.
 */
public final class Reembedder {

    /** Kinds that are never embedded: audit records, found by their words. */
    public static final Set<MemoryKind> UNEMBEDDED_KINDS = Set.of(MemoryKind.RECALL, MemoryKind.of("message_read"),
            MemoryKind.of("claim"), MemoryKind.of("claim-weakened"), MemoryKind.of("accept"), MemoryKind.of("decline"));
    /** Memories embedded per batch (and per write transaction). */
    static final int BATCH = 64;

    private final Kernel kernel;

    /** A re-embedder over {@code kernel}'s store and embedder. */
    public Reembedder(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    /** How many memories lack a vector of the configured model. */
    public long pending() {
        Embedder embedder = embedder();
        return kernel.storage().read(tx -> tx.memoryVectors().countWithoutVector(embedder.modelId(), embedder.dimension(),
                UNEMBEDDED_KINDS));
    }

    /**
     * Embeds every memory that lacks a vector of the configured model.
     *
     * @param progress told, after each batch, how many memories were handled so far
     * @throws ColonyException {@code UNAVAILABLE} when this Colony has no embedder
     */
    public Reembedding run(LongConsumer progress) {
        Embedder embedder = embedder();
        String model = embedder.modelId();
        int dimension = embedder.dimension();
        long after = 0;
        long embedded = 0;
        long skipped = 0;
        while (true) {
            long from = after;
            List<MemoryDocument> page = kernel.storage().read(tx -> tx.memoryVectors().withoutVector(model, dimension,
                    UNEMBEDDED_KINDS, from, BATCH));
            if (page.isEmpty()) {
                break;
            }
            List<String> texts = new ArrayList<>(page.size());
            for (MemoryDocument document : page) {
                texts.add(document.memory().content());
            }
            List<MemoryEmbedding> vectors = kernel.embedMemories(texts);
            long stored = kernel.storage().write(tx -> {
                long count = 0;
                for (int i = 0; i < page.size(); i++) {
                    MemoryDocument document = page.get(i);
                    MemoryEmbedding embedding = vectors.get(i);
                    if (tx.memoryVectors().storeVector(document.memory().id(), document.rev(), embedding.vector(),
                            embedding.passages())) {
                        count++;
                    }
                }
                return count;
            });
            embedded += stored;
            skipped += page.size() - stored;
            after = page.get(page.size() - 1).memory().id().value();
            progress.accept(embedded + skipped);
        }
        kernel.vectors().recheck();
        return new Reembedding(model, embedded, skipped);
    }

    private Embedder embedder() {
        return kernel.embedder().orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE,
                "re-embedding needs an embedder, and this Colony has none"));
    }
}
