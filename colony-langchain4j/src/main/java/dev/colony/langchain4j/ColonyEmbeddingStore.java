package dev.colony.langchain4j;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentFilter;
import dev.colony.api.segment.SegmentFilter.Comparison;
import dev.colony.api.segment.SegmentMatch;
import dev.colony.api.segment.SegmentQuery;
import dev.colony.api.segment.Segments;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingSearchResult;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.RelevanceScore;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.comparison.ContainsString;
import dev.langchain4j.store.embedding.filter.comparison.IsEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsGreaterThan;
import dev.langchain4j.store.embedding.filter.comparison.IsGreaterThanOrEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsIn;
import dev.langchain4j.store.embedding.filter.comparison.IsLessThan;
import dev.langchain4j.store.embedding.filter.comparison.IsLessThanOrEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsNotEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsNotIn;
import dev.langchain4j.store.embedding.filter.logical.And;
import dev.langchain4j.store.embedding.filter.logical.Not;
import dev.langchain4j.store.embedding.filter.logical.Or;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A LangChain4j {@link EmbeddingStore} of {@link TextSegment}s kept in a Colony store: the caller supplies the
 * embeddings (any model, one dimension per store), and a search ranks by true cosine similarity, reported as
 * {@link RelevanceScore#fromCosineSimilarity} (1 for the same direction), among the segments its {@link Filter}
 * selects (unless it is a hybrid search, below). Every filter LangChain4j defines is translated into the store's SQL, never evaluated on loaded
 * segments; "not equal", "not in" and "not" also select segments without the key, as LangChain4j's own stores do.
 * Metadata values keep their types (String, UUID, Integer, Long, Float, Double).
 *
 * <p>Segments belong to the caller's user, in a named store (several stores keep apart; {@value #DEFAULT_STORE}
 * unless named): another user of the same Colony store never sees them. The first embedding added fixes the
 * store's dimension until {@link #removeAll()}; an embedding of another dimension is refused naming the field.
 *
 * <p>{@link SearchMode#HYBRID} (opt in: {@code builder(caller, "docs").searchMode(SearchMode.HYBRID).build()})
 * ranks a request that carries {@code query} text by both its embedding and its words: the segments the filter
 * selects are ranked by cosine and by the BM25 relevance of their text to the query (computed exactly over those
 * segments), and the ranks are fused by reciprocal rank fusion with k = {@value SegmentMatch#FUSION_K}, as
 * LangChain4j's PgVector store does. The score is then that fused relevance, not a cosine: 1 for a segment first
 * in both rankings, 0.5 for one first by cosine whose text holds none of the query's words, lower further down
 * (see {@link SegmentMatch#relevance()}); results come in its order and {@code minScore} applies to it. A request
 * without query text is ranked by cosine as in the default {@link SearchMode#VECTOR}, which ignores the text.
 *
 * <p>Cost: a search is exact and brute force: the store reads the id and embedding of every segment the filter
 * selects (a hybrid search its text too) and compares them in this process, then reads the best
 * {@code maxResults} whole. Its time grows linearly with the segments selected, and there is no approximate
 * index: on SQLite, a search of 10,000 segments of 384 dimensions took about 70 ms on a 2-core machine (35 ms
 * with a filter selecting a tenth). Thread-safe.
 */
public final class ColonyEmbeddingStore implements EmbeddingStore<TextSegment> {

    /** The store name used when none is given. */
    public static final String DEFAULT_STORE = "default";

    /** How a search ranks (the names of LangChain4j's PgVector store). */
    public enum SearchMode {
        /** By cosine similarity only; a request's query text is ignored. The default. */
        VECTOR,
        /** By cosine and keywords fused when the request carries query text, by cosine when it does not. */
        HYBRID
    }

    private final Segments segments;
    private final String store;
    private final SearchMode searchMode;

    /** The store {@value #DEFAULT_STORE} of {@code caller}'s user, e.g. {@code colony.as(actor)}. */
    public ColonyEmbeddingStore(CallerScope caller) {
        this(caller, DEFAULT_STORE);
    }

    /** The store named {@code store} (at most {@value Segments#MAX_ID_LENGTH} characters) of {@code caller}'s user. */
    public ColonyEmbeddingStore(CallerScope caller, String store) {
        this(caller, store, SearchMode.VECTOR);
    }

    private ColonyEmbeddingStore(CallerScope caller, String store, SearchMode searchMode) {
        this.segments = Objects.requireNonNull(caller, "caller").segments();
        if (store == null || store.isBlank()) {
            throw ColonyException.invalid("store", "is required");
        }
        this.store = store;
        this.searchMode = Objects.requireNonNull(searchMode, "searchMode");
    }

    /** A builder of the store named {@code store} of {@code caller}'s user, for a search mode other than VECTOR. */
    public static Builder builder(CallerScope caller, String store) {
        return new Builder(caller, store);
    }

    /** Builds a {@link ColonyEmbeddingStore}; {@link SearchMode#VECTOR} unless set. */
    public static final class Builder {

        private final CallerScope caller;
        private final String store;
        private SearchMode searchMode = SearchMode.VECTOR;

        private Builder(CallerScope caller, String store) {
            this.caller = caller;
            this.store = store;
        }

        /** How searches rank. */
        public Builder searchMode(SearchMode searchMode) {
            this.searchMode = searchMode;
            return this;
        }

        /** The store. */
        public ColonyEmbeddingStore build() {
            return new ColonyEmbeddingStore(caller, store, searchMode);
        }
    }

    @Override
    public String add(Embedding embedding) {
        return add(embedding, null);
    }

    @Override
    public void add(String id, Embedding embedding) {
        addAll(List.of(id), List.of(embedding), null);
    }

    @Override
    public String add(Embedding embedding, TextSegment segment) {
        List<String> ids = generateIds(1);
        addAll(ids, List.of(embedding), segment == null ? null : List.of(segment));
        return ids.get(0);
    }

    @Override
    public List<String> addAll(List<Embedding> embeddings) {
        return addAll(embeddings, null);
    }

    @Override
    public List<String> addAll(List<Embedding> embeddings, List<TextSegment> embedded) {
        List<String> ids = generateIds(embeddings == null ? 0 : embeddings.size());
        addAll(ids, embeddings, embedded);
        return ids;
    }

    /**
     * Stores each embedding under its id with its segment (if {@code embedded} is given), replacing a stored one
     * of the same id. The lists must be of one size ({@link IllegalArgumentException} otherwise); all empty or
     * null stores nothing.
     */
    @Override
    public void addAll(List<String> ids, List<Embedding> embeddings, List<TextSegment> embedded) {
        int idCount = ids == null ? 0 : ids.size();
        int embeddingCount = embeddings == null ? 0 : embeddings.size();
        if (idCount != embeddingCount) {
            throw new IllegalArgumentException("ids size (" + idCount + ") is not equal to embeddings size ("
                    + embeddingCount + ")");
        }
        if (embedded != null && embedded.size() != embeddingCount) {
            throw new IllegalArgumentException("embeddings size (" + embeddingCount
                    + ") is not equal to embedded size (" + embedded.size() + ")");
        }
        if (embeddingCount == 0) {
            return;
        }
        List<Segment> batch = new ArrayList<>(embeddingCount);
        for (int i = 0; i < embeddingCount; i++) {
            Embedding embedding = embeddings.get(i);
            if (embedding == null) {
                throw ColonyException.invalid("embeddings[" + i + "]", "is null");
            }
            TextSegment segment = embedded == null ? null : embedded.get(i);
            batch.add(new Segment(ids.get(i), embedding.vector(), segment == null ? null : segment.text(),
                    segment == null ? Map.of() : segment.metadata().toMap()));
        }
        segments.add(store, batch);
    }

    /** Removes the segments of these ids; null or empty removes nothing. */
    @Override
    public void removeAll(Collection<String> ids) {
        if (ids == null || ids.isEmpty()) {
            return;
        }
        segments.remove(store, ids);
    }

    /** Removes the segments {@code filter} selects, in one statement of the store. */
    @Override
    public void removeAll(Filter filter) {
        if (filter == null) {
            throw new IllegalArgumentException("filter cannot be null");
        }
        segments.remove(store, translate(filter));
    }

    /** Removes every segment of this store, and with them its dimension. */
    @Override
    public void removeAll() {
        segments.clear(store);
    }

    @Override
    public EmbeddingSearchResult<TextSegment> search(EmbeddingSearchRequest request) {
        if (request == null || request.queryEmbedding() == null) {
            throw ColonyException.invalid("queryEmbedding", "is required");
        }
        double minScore = request.minScore();
        SegmentFilter filter = request.filter() == null ? null : translate(request.filter());
        String text = request.query();
        if (searchMode == SearchMode.HYBRID && text != null && !text.isBlank()) {
            return hybrid(request, text, filter, minScore);
        }
        // The store keeps cosines at or above the bound; the exact score test below decides, so that a score
        // converted to a cosine and back never drops a match at the boundary.
        double minCosine = minScore <= 0 ? -1 : Math.nextDown(2 * minScore - 1);
        List<SegmentMatch> found = segments.search(store, new SegmentQuery(request.queryEmbedding().vector(),
                request.maxResults(), minCosine, filter));
        List<EmbeddingMatch<TextSegment>> matches = new ArrayList<>(found.size());
        for (SegmentMatch match : found) {
            double score = RelevanceScore.fromCosineSimilarity(match.cosine());
            if (score >= minScore) {
                matches.add(match(match.segment(), score));
            }
        }
        return new EmbeddingSearchResult<>(matches);
    }

    /** The search by cosine and keywords fused: every selected segment is ranked, the relevance is the score. */
    private EmbeddingSearchResult<TextSegment> hybrid(EmbeddingSearchRequest request, String text,
            SegmentFilter filter, double minScore) {
        List<SegmentMatch> found = segments.search(store, new SegmentQuery(request.queryEmbedding().vector(),
                request.maxResults(), -1, filter, text));
        List<EmbeddingMatch<TextSegment>> matches = new ArrayList<>(found.size());
        for (SegmentMatch match : found) {
            if (match.relevance() >= minScore) {
                matches.add(match(match.segment(), match.relevance()));
            }
        }
        return new EmbeddingSearchResult<>(matches);
    }

    private static EmbeddingMatch<TextSegment> match(Segment segment, double score) {
        TextSegment text = segment.text() == null ? null
                : TextSegment.from(segment.text(), Metadata.from(segment.metadata()));
        return new EmbeddingMatch<>(score, segment.id(), Embedding.from(segment.embedding()), text);
    }

    /** Runs the search on the calling thread (the store is local) and completes before it returns. */
    @Override
    public CompletableFuture<EmbeddingSearchResult<TextSegment>> searchAsync(EmbeddingSearchRequest request) {
        try {
            return CompletableFuture.completedFuture(search(request));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public String toString() {
        return "ColonyEmbeddingStore[" + store + "]";
    }

    /** {@code filter} as Colony's filter: the same tree, negations kept as negations. */
    static SegmentFilter translate(Filter filter) {
        if (filter instanceof And and) {
            return new SegmentFilter.And(translate(and.left()), translate(and.right()));
        } else if (filter instanceof Or or) {
            return new SegmentFilter.Or(translate(or.left()), translate(or.right()));
        } else if (filter instanceof Not not) {
            return new SegmentFilter.Not(translate(not.expression()));
        } else if (filter instanceof IsEqualTo is) {
            return compare(is.key(), Comparison.EQUAL, is.comparisonValue());
        } else if (filter instanceof IsNotEqualTo is) {
            return new SegmentFilter.Not(compare(is.key(), Comparison.EQUAL, is.comparisonValue()));
        } else if (filter instanceof IsGreaterThan is) {
            return compare(is.key(), Comparison.GREATER, is.comparisonValue());
        } else if (filter instanceof IsGreaterThanOrEqualTo is) {
            return compare(is.key(), Comparison.GREATER_OR_EQUAL, is.comparisonValue());
        } else if (filter instanceof IsLessThan is) {
            return compare(is.key(), Comparison.LESS, is.comparisonValue());
        } else if (filter instanceof IsLessThanOrEqualTo is) {
            return compare(is.key(), Comparison.LESS_OR_EQUAL, is.comparisonValue());
        } else if (filter instanceof IsIn is) {
            return new SegmentFilter.In(is.key(), values(is.comparisonValues()));
        } else if (filter instanceof IsNotIn is) {
            return new SegmentFilter.Not(new SegmentFilter.In(is.key(), values(is.comparisonValues())));
        } else if (filter instanceof ContainsString contains) {
            return new SegmentFilter.Contains(contains.key(), contains.comparisonValue());
        }
        throw ColonyException.invalid("filter", "has a condition Colony cannot run: "
                + (filter == null ? "null" : filter.getClass().getSimpleName()));
    }

    private static SegmentFilter compare(String key, Comparison comparison, Object value) {
        return new SegmentFilter.Compare(key, comparison, value);
    }

    private static List<Object> values(Collection<?> values) {
        return values == null ? null : new ArrayList<>(values);
    }
}
