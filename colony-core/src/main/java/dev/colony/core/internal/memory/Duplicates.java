package dev.colony.core.internal.memory;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StoredVector;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Finds the stored memory a new one duplicates: stage one asks the vector index for the few memories of the
 * same type in the target namespace nearest the new memory's embedding (one nearest-neighbour lookup,
 * {@link SearchIndex#nearest}, whose cost hardly grows with the store); stage two keeps a candidate only if
 * {@link DuplicateCheck} finds that both state the same facts, comparing the memories' own embeddings.
 */
final class Duplicates {

    private final Actor actor;
    private final Kernel kernel;

    Duplicates(Actor actor, Kernel kernel) {
        this.actor = actor;
        this.kernel = kernel;
    }

    /** The duplicate of checked {@code draft} with embedding {@code vector}, if one is stored. */
    Optional<AddOutcome.Duplicate> find(MemoryDraft draft, StoredVector vector) {
        Optional<SearchIndex> index = kernel.index();
        if (vector == null || index.isEmpty() || !MemoryKind.TYPED.contains(draft.kind()) || isStructuredTask(draft)) {
            return Optional.empty();
        }
        Optional<NamespaceId> target = kernel.store(actor.user()).read(tx -> {
            if (draft.collection() == null) {
                return tx.personal();
            }
            try {
                return Optional.of(tx.membership("collection", draft.collection())
                        .collection().id());
            } catch (ColonyException notMember) {
                return Optional.empty();
            }
        });
        if (target.isEmpty()) {
            return Optional.empty();
        }
        List<MemoryId> ids;
        try {
            ids = index.get().nearest(vector, target.get(), draft.kind(), DuplicateCheck.CANDIDATES,
                    DuplicateCheck.candidateSimilarity(kernel.embedder().map(Embedder::minSimilarity).orElse(0.0)));
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.SEARCH_UNAVAILABLE) {
                // The index is a cache: without it the memory is stored unchecked rather than refused.
                return Optional.empty();
            }
            throw e;
        }
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        List<MemoryDocument> documents = kernel.store(actor.user()).read(tx -> tx.memoryVectors().documents(ids));
        AddOutcome.Duplicate best = null;
        for (MemoryDocument document : documents) {
            StoredVector stored = document.vector();
            if (stored == null || !stored.model().equals(vector.model()) || document.memory().retracted()
                    || !document.memory().namespace().equals(target.get())) {
                continue;
            }
            OptionalDouble score = DuplicateCheck.score(draft.content(), vector.values(),
                    document.memory().content(), stored.values(), threshold(kernel));
            if (score.isPresent() && (best == null || score.getAsDouble() > best.score())) {
                best = new AddOutcome.Duplicate(document.memory(), score.getAsDouble());
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * How alike {@code draft} is to {@code earlier}, a memory of the same batch written before it, when the check
     * above would take it for a duplicate of that one once stored: the same type and target, both embedded by one
     * model, and {@link DuplicateCheck} finding that both state the same facts under the Colony's model. Empty otherwise.
     */
    static OptionalDouble score(Kernel kernel, MemoryDraft earlier, StoredVector earlierVector, MemoryDraft draft,
            StoredVector vector) {
        if (vector == null || earlierVector == null || !vector.model().equals(earlierVector.model())
                || draft.kind() != earlier.kind() || !MemoryKind.TYPED.contains(draft.kind())
                || !Objects.equals(draft.collection(), earlier.collection()) || isStructuredTask(draft)
                || isStructuredTask(earlier)) {
            return OptionalDouble.empty();
        }
        return DuplicateCheck.score(draft.content(), vector.values(), earlier.content(), earlierVector.values(),
                threshold(kernel));
    }

    /** The least similarity of duplicates under the Colony's model ({@link Embedder#duplicateSimilarity()}). */
    private static double threshold(Kernel kernel) {
        return kernel.embedder().map(Embedder::duplicateSimilarity).orElse(Embedder.DUPLICATE_SIMILARITY);
    }

    private static boolean isStructuredTask(MemoryDraft draft) {
        return TaskChecklist.held(draft.kind(), draft.content()).isPresent();
    }
}
