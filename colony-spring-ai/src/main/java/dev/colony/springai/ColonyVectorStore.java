package dev.colony.springai;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentMatch;
import dev.colony.api.segment.SegmentQuery;
import dev.colony.api.segment.Segments;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.ai.document.Document;
import org.springframework.ai.document.DocumentMetadata;
import org.springframework.ai.embedding.BatchingStrategy;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingOptions;
import org.springframework.ai.embedding.TokenCountBatchingStrategy;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.ai.vectorstore.filter.Filter;

/**
 * Spring AI's {@link VectorStore} kept in a Colony store: documents are embedded with the given Spring AI
 * {@link EmbeddingModel} (in batches, as Spring's own stores do) and stored as segments of one named segment
 * store of the caller's user ({@value #DEFAULT_STORE} unless named, apart from LangChain4j's default).
 *
 * <p>A search ranks by cosine similarity, which is also the returned score (and {@code distance} = 1 - score in
 * the metadata, as Spring's stores give it); a similarity threshold of 0 accepts every document. Filter
 * expressions run in the store (never by loading every document): {@code ==, !=, >, >=, <, <=, in, nin, and,
 * or, not, isNull, isNotNull} on string, UUID and number metadata, and {@code ==, !=, not, isNull, isNotNull}
 * on boolean metadata (a boolean in another comparison, {@code in} or {@code nin} is refused naming
 * {@code filter.<key>}). Document metadata round-trips with those types; other values (lists, dates) are refused
 * ({@code INVALID_ARGUMENT} naming {@code segments[i].metadata.<key>}, i the document's index).
 *
 * <p>Bad input is refused with Colony's {@code INVALID_ARGUMENT} naming the field, before anything is written.
 * Cost: see {@link Segments} (an exact scan of the rows the filter selects). Thread-safe.
 */
public final class ColonyVectorStore implements VectorStore {

    /** The segment store used when none is named. */
    public static final String DEFAULT_STORE = "spring-ai";

    private final Segments segments;
    private final EmbeddingModel embeddingModel;
    private final String store;
    private final BatchingStrategy batching;

    /** The store {@value #DEFAULT_STORE} of {@code caller}'s user, embedding with {@code embeddingModel}. */
    public ColonyVectorStore(CallerScope caller, EmbeddingModel embeddingModel) {
        this(caller, embeddingModel, DEFAULT_STORE);
    }

    /** The store named {@code store} of {@code caller}'s user, embedding with {@code embeddingModel}. */
    public ColonyVectorStore(CallerScope caller, EmbeddingModel embeddingModel, String store) {
        this.segments = Objects.requireNonNull(caller, "caller").segments();
        this.embeddingModel = Objects.requireNonNull(embeddingModel, "embeddingModel");
        if (store == null || store.isBlank()) {
            throw ColonyException.invalid("store", "is required");
        }
        this.store = store;
        this.batching = new TokenCountBatchingStrategy();
    }

    /** {@code colony:} and the segment store's name. */
    @Override
    public String getName() {
        return "colony:" + store;
    }

    /** Embeds {@code documents} and stores them, each replacing a stored document of the same id. */
    @Override
    public void add(List<Document> documents) {
        if (documents == null) {
            throw ColonyException.invalid("documents", "is required");
        }
        if (documents.isEmpty()) {
            return;
        }
        for (int i = 0; i < documents.size(); i++) {
            Document document = documents.get(i);
            if (document == null) {
                throw ColonyException.invalid("documents[" + i + "]", "is null");
            }
            if (document.getText() == null) {
                throw ColonyException.invalid("documents[" + i + "]", "has no text: only text documents are stored");
            }
        }
        List<float[]> embeddings = embeddingModel.embed(documents, EmbeddingOptions.builder().build(), batching);
        if (embeddings.size() != documents.size()) {
            throw new IllegalStateException("the embedding model returned " + embeddings.size()
                    + " embeddings for " + documents.size() + " documents");
        }
        List<Segment> batch = new ArrayList<>(documents.size());
        for (int i = 0; i < documents.size(); i++) {
            Document document = documents.get(i);
            batch.add(new Segment(document.getId(), embeddings.get(i), document.getText(),
                    document.getMetadata()));
        }
        segments.add(store, batch);
    }

    /** Removes the documents of these ids (unknown ids are ignored). */
    @Override
    public void delete(List<String> idList) {
        if (idList == null) {
            throw ColonyException.invalid("idList", "is required");
        }
        if (!idList.isEmpty()) {
            segments.remove(store, idList);
        }
    }

    /** Removes the documents {@code filterExpression} selects, in one statement of the store. */
    @Override
    public void delete(Filter.Expression filterExpression) {
        segments.remove(store, FilterTranslation.translate(filterExpression));
    }

    /** The at most top-k documents most similar to the request's query, best first, with their scores. */
    @Override
    public List<Document> similaritySearch(SearchRequest request) {
        if (request == null) {
            throw ColonyException.invalid("request", "is required");
        }
        if (request.getTopK() == 0) {
            return List.of();
        }
        double threshold = request.getSimilarityThreshold();
        double minCosine = threshold <= SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL ? -1 : threshold;
        float[] query = embeddingModel.embed(request.getQuery());
        List<SegmentMatch> found = segments.search(store, new SegmentQuery(query, request.getTopK(), minCosine,
                request.hasFilterExpression() ? FilterTranslation.translate(request.getFilterExpression()) : null));
        List<Document> documents = new ArrayList<>(found.size());
        for (SegmentMatch match : found) {
            Segment segment = match.segment();
            Map<String, Object> metadata = new HashMap<>(segment.metadata());
            metadata.put(DocumentMetadata.DISTANCE.value(), (float) (1 - match.cosine()));
            documents.add(Document.builder().id(segment.id()).text(segment.text()).metadata(metadata)
                    .score(match.cosine()).build());
        }
        return documents;
    }

    /** None: the store is reached through Colony only. */
    @Override
    public <T> Optional<T> getNativeClient() {
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "ColonyVectorStore[" + store + "]";
    }
}
