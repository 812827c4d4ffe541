package dev.colony.spi.search;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.storage.StoredVector;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * A validated query as core hands it to an index.
 *
 * @param text the query text, not blank
 * @param namespaces the namespaces the caller may read; never empty, and always applied
 * @param kinds only these kinds; empty for all
 * @param excludedKinds never these kinds (applied after {@code kinds}); core passes the audit kinds
 *     here when the caller did not ask for them
 * @param session only this session, or {@code null}
 * @param task only this task, or {@code null}
 * @param since only memories created at or after this, or {@code null}
 * @param until only memories created before this, or {@code null}
 * @param limit maximum number of hits, positive
 * @param mode how to rank: {@link SearchMode#KEYWORD} needs no vector, the other modes need
 *     {@code queryVector}
 * @param queryVector the embedding of {@code text} named by its model, known or still to be computed
 *     ({@link QueryVector}), or {@code null} for a keyword search; only memories whose stored vector is of the
 *     same model and dimension are near it
 * @param minSimilarity the least cosine similarity to the query a memory's vector needs to be found by
 *     meaning at all, within [-1, 1]; the query's model knows where unrelated texts stop
 *     ({@link dev.colony.spi.embedding.Embedder#minSimilarity()})
 */
public record SearchRequest(
        String text,
        Set<NamespaceId> namespaces,
        Set<MemoryKind> kinds,
        Set<MemoryKind> excludedKinds,
        SessionId session,
        TaskId task,
        Instant since,
        Instant until,
        int limit,
        SearchMode mode,
        QueryVector queryVector,
        double minSimilarity) {

    /** Checks the invariants. */
    public SearchRequest {
        Objects.requireNonNull(text, "text");
        namespaces = Set.copyOf(namespaces);
        if (namespaces.isEmpty()) {
            throw new IllegalArgumentException("namespaces must not be empty");
        }
        kinds = Set.copyOf(kinds);
        excludedKinds = Set.copyOf(excludedKinds);
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive");
        }
        Objects.requireNonNull(mode, "mode");
        if (mode != SearchMode.KEYWORD && queryVector == null) {
            throw new IllegalArgumentException("a " + mode.id() + " search needs the query's vector");
        }
        if (!(minSimilarity >= -1 && minSimilarity <= 1)) {
            throw new IllegalArgumentException("minSimilarity must be within [-1, 1], was " + minSimilarity);
        }
    }

    /** A request whose query vector is known already ({@code null} for a keyword search). */
    public SearchRequest(String text, Set<NamespaceId> namespaces, Set<MemoryKind> kinds,
            Set<MemoryKind> excludedKinds, SessionId session, TaskId task, Instant since, Instant until, int limit,
            SearchMode mode, StoredVector queryVector, double minSimilarity) {
        this(text, namespaces, kinds, excludedKinds, session, task, since, until, limit, mode,
                queryVector == null ? null : QueryVector.of(queryVector), minSimilarity);
    }

    /** A keyword search. */
    public SearchRequest(String text, Set<NamespaceId> namespaces, Set<MemoryKind> kinds,
            Set<MemoryKind> excludedKinds, SessionId session, TaskId task, Instant since, Instant until, int limit) {
        this(text, namespaces, kinds, excludedKinds, session, task, since, until, limit, SearchMode.KEYWORD,
                (QueryVector) null, -1);
    }

    /** A request that excludes no kind. */
    public SearchRequest(String text, Set<NamespaceId> namespaces, Set<MemoryKind> kinds, SessionId session,
            TaskId task, Instant since, Instant until, int limit) {
        this(text, namespaces, kinds, Set.of(), session, task, since, until, limit);
    }
}
