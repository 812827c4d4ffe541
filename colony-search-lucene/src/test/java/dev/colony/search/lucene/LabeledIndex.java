package dev.colony.search.lucene;

import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.embedding.Passages;
import dev.colony.spi.storage.StoredVector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link LabeledSet} stored one memory per entry (the entry's group as its session) and indexed in
 * memory, ranking queries as entry ids so that {@link RankingQuality} can score them.
 */
final class LabeledIndex implements AutoCloseable {

    private final LuceneSearchIndex index;
    private final Map<Long, String> entryOfMemory;
    private final Embedder embedder;

    private LabeledIndex(LuceneSearchIndex index, Map<Long, String> entryOfMemory, Embedder embedder) {
        this.index = index;
        this.entryOfMemory = entryOfMemory;
        this.embedder = embedder;
    }

    /** The set without vectors: keyword search only. */
    static LabeledIndex keywordOnly(LabeledSet set) {
        return open(set, null, false, FusionMethod.configured());
    }

    /**
     * The set with every entry and each of its {@linkplain Passages passages} embedded by {@code embedder} (in one
     * batch), for every search mode, hybrid search fusing by the default method.
     */
    static LabeledIndex embedded(LabeledSet set, Embedder embedder) {
        return open(set, embedder, true, FusionMethod.configured());
    }

    /** As {@link #embedded(LabeledSet, Embedder)}, hybrid search fusing by {@code fusion}. */
    static LabeledIndex embedded(LabeledSet set, Embedder embedder, FusionMethod fusion) {
        return open(set, embedder, true, fusion);
    }

    private static LabeledIndex open(LabeledSet set, Embedder embedder, boolean passages, FusionMethod fusion) {
        List<String> ids = new ArrayList<>(set.entries().keySet());
        List<String> texts = new ArrayList<>(ids.stream().map(set.entries()::get).toList());
        List<List<String>> passagesOf = new ArrayList<>();
        for (String id : ids) {
            List<String> own = passages ? Passages.of(set.entries().get(id)) : List.of();
            passagesOf.add(own);
            texts.addAll(own);
        }
        List<float[]> vectors = embedder == null ? null : embedder.embed(texts);
        int nextPassage = ids.size();
        ListMemorySource source = new ListMemorySource("labeled-set");
        Map<Long, String> entryOfMemory = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            ListMemorySource.Draft draft = source.memory(set.entries().get(id)).session(LabeledSet.group(id));
            if (vectors != null) {
                draft.vector(new StoredVector(embedder.modelId(), vectors.get(i)));
                List<StoredVector> own = new ArrayList<>();
                for (int p = 0; p < passagesOf.get(i).size(); p++) {
                    own.add(new StoredVector(embedder.modelId(), vectors.get(nextPassage++)));
                }
                draft.passages(own);
            }
            entryOfMemory.put(draft.add(), id);
        }
        return new LabeledIndex(LuceneSearch.inMemory().withFusion(fusion).open(source), entryOfMemory, embedder);
    }

    /** The entries {@code query} finds in {@code mode}, best first, at most {@code depth}. */
    List<String> rank(SearchMode mode, String query, int depth) {
        List<String> ranked = new ArrayList<>();
        for (SearchHit hit : index.search(request(mode, query, depth).build())) {
            ranked.add(entryOfMemory.get(hit.id().value()));
        }
        return ranked;
    }

    /**
     * The candidates a hybrid search for {@code query} fuses: each entry id with its features (see
     * {@link FusionFeatures}), in no particular order.
     */
    Map<String, double[]> fusionCandidates(String query) {
        Map<String, double[]> candidates = new LinkedHashMap<>();
        for (FusionFeatures.OfMemory candidate
                : index.fusionCandidates(request(SearchMode.HYBRID, query, RankFusion.KEYWORD_DEPTH).build())) {
            candidates.put(entryOfMemory.get(candidate.id().value()), candidate.values());
        }
        return candidates;
    }

    /** The vector a search by meaning for {@code query} looks for: its embedding text's, as a search embeds it. */
    float[] queryVector(String query) {
        return embedder.embedQuery(index.embeddingText(query, Set.of(ListMemorySource.NS)));
    }

    private Requests request(SearchMode mode, String query, int depth) {
        Requests request = Requests.query(query).limit(depth);
        if (mode != SearchMode.KEYWORD) {
            request.mode(mode, new StoredVector(embedder.modelId(), queryVector(query)), embedder.minSimilarity());
        }
        return request;
    }

    @Override
    public void close() {
        index.close();
    }
}
