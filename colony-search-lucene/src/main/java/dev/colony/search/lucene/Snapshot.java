package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.embedding.Passages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.TotalHits;
import org.apache.lucene.search.join.DiversifyingChildrenFloatKnnVectorQuery;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.apache.lucene.search.uhighlight.WholeBreakIterator;

/**
 * A snapshot that {@link LuceneSearchIndex} publishes for searches: a reader over a fixed set of
 * readers (it holds references to them), its searcher and highlighter, and the rev of the store's
 * change feed up to which it is complete. Searches pin it with a reference on its reader, so the index can publish
 * a newer snapshot at any time while older searches finish on the one they started with.
 */
final class Snapshot {

    /** Longest searchable text the snippet builder looks at. */
    private static final int MAX_HIGHLIGHT_CHARS = 64 * 1024;
    /**
     * The nearest-neighbour search explores at least this many candidates however few hits are wanted: the
     * graph search keeps only as many as it returns, and with ten it can settle among a crowd of near
     * duplicates and miss even an exact match (seen with 45,000 memories in clusters of near-identical
     * vectors). The extra candidates are dropped after the floor and the demotion.
     */
    static final int MIN_VECTOR_CANDIDATES = 100;
    /**
     * The fewest candidates a {@linkplain #nearest nearest-neighbour lookup} explores: a duplicate check wants the
     * few nearest memories, and near duplicates are what it looks for, so a crowd of them is no reason to look far.
     */
    static final int NEAREST_CANDIDATES = 16;
    /** The most namespace sets whose term counts a snapshot keeps. */
    static final int MAX_COUNTED_SCOPES = 64;
    /** The most term counts a snapshot keeps per namespace set. */
    static final int MAX_COUNTED_TERMS = 4_096;

    final MultiReader reader;
    private final IndexSearcher searcher;
    /**
     * The same reader searched without the query cache, for nearest-neighbour lookups: their filters change with
     * every lookup's namespace and kind, and segments come and go with every write, so caching them per segment
     * costs more than it saves.
     */
    private final IndexSearcher uncached;
    private final UnifiedHighlighter highlighter;
    private final SnippetFormatter formatter;
    final long coverage;
    /**
     * How many readable documents hold each term, per set of namespaces, as searches of this snapshot looked them
     * up: its documents never change, so a query's terms are counted once for its embedding text, its keyword
     * leg's ceiling and its candidates' idf coverage. Dropped whole when it grows past {@link #MAX_COUNTED_SCOPES}
     * or {@link #MAX_COUNTED_TERMS}.
     */
    private final Map<Set<NamespaceId>, Map<Term, Long>> holding = new ConcurrentHashMap<>();

    private Snapshot(MultiReader reader, IndexSearcher searcher, UnifiedHighlighter highlighter,
            SnippetFormatter formatter, long coverage) {
        this.reader = reader;
        this.searcher = searcher;
        this.uncached = new IndexSearcher(reader);
        this.uncached.setQueryCache(null);
        this.highlighter = highlighter;
        this.formatter = formatter;
        this.coverage = coverage;
    }

    /**
     * A snapshot over {@code parts} (taking a reference on each) that covers every change up to rev
     * {@code coverage}, highlighting with {@code analyzer} and {@code formatter}; {@code textField}
     * describes the searchable text field the way every part indexes it.
     */
    static Snapshot over(List<IndexReader> parts, Analyzer analyzer, SnippetFormatter formatter, FieldInfo textField,
            long coverage) throws IOException {
        MultiReader reader = new MultiReader(parts.toArray(new IndexReader[0]), false);
        IndexSearcher searcher = new IndexSearcher(reader);
        UnifiedHighlighter highlighter = new SnippetHighlighter(textField, UnifiedHighlighter.builder(searcher, analyzer)
                .withBreakIterator(WholeBreakIterator::new)
                .withFormatter(formatter)
                .withMaxLength(MAX_HIGHLIGHT_CHARS)
                .withWeightMatches(false)
                .withMaxNoHighlightPassages(1));
        return new Snapshot(reader, searcher, highlighter, formatter, coverage);
    }

    /**
     * The hits of {@code plan} in this snapshot, best first, each with its snippet. The keyword leg
     * searches only documents of the plan's namespaces, scored by statistics over them alone; the
     * vector leg takes the nearest documents that pass the plan's filter (namespaces included); a
     * hybrid plan runs the two at once on {@code executor} and fuses them by {@code fusion} (see
     * {@link LearnedFusion} and {@link RankFusion}).
     */
    List<SearchHit> search(QueryPlanner.Plan plan, FusionMethod fusion, LegExecutor executor) throws IOException {
        Legs legs = legs(plan, executor);
        ScoreDoc[] ranked;
        if (plan.mode() == SearchMode.HYBRID) {
            if (fusion == FusionMethod.LEARNED) {
                ranked = LearnedFusion.shipped().fuse(
                        legs.features(reader, plan), plan.limit());
            } else {
                double ceiling = legs.keyword().length == 0 ? 1 : legs.terms().ceiling();
                ranked = RankFusion.fuse(legs.keyword(), ceiling, legs.semantic(), plan.limit(),
                        RankFusion.alpha(legs.keyword(), ceiling));
            }
        } else {
            ranked = plan.mode() == SearchMode.VECTOR ? legs.semantic() : legs.keyword();
            if (ranked.length > plan.limit()) {
                ranked = Arrays.copyOf(ranked, plan.limit());
            }
        }
        if (ranked.length == 0) {
            return List.of();
        }
        TopDocs top = new TopDocs(new TotalHits(ranked.length, TotalHits.Relation.EQUAL_TO), ranked);
        String[] snippets = highlighter.highlight(IndexLayout.TEXT,
                plan.text() == null ? new MatchNoDocsQuery() : plan.text(), top, 1);
        List<LeafReaderContext> leaves = reader.leaves();
        Map<Integer, VectorMatch> byPassage = new HashMap<>();
        for (ScoreDoc doc : legs.semantic()) {
            if (doc instanceof VectorMatch match && match.byPassage() && match.passageIndex >= 0) {
                byPassage.put(doc.doc, match);
            }
        }
        List<SearchHit> hits = new ArrayList<>(ranked.length);
        for (int i = 0; i < ranked.length; i++) {
            ScoreDoc scoreDoc = ranked[i];
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(scoreDoc.doc, leaves));
            String snippet = snippets[i] == null ? "" : snippets[i];
            VectorMatch match = byPassage.get(scoreDoc.doc);
            if (match != null) {
                snippet = passageSnippet(leaf.reader(), scoreDoc.doc - leaf.docBase, match.passageIndex, snippet);
            }
            hits.add(HitReader.read(leaf.reader(), scoreDoc.doc - leaf.docBase, snippet, scoreDoc.score));
        }
        return hits;
    }

    /**
     * The snippet of a hit found by its passage {@code index}: that sentence, unless {@code highlighted} (the
     * snippet the keyword leg's terms made) shows a matching word.
     */
    private String passageSnippet(LeafReader leaf, int doc, int index, String highlighted) throws IOException {
        BinaryDocValues text = DocValues.getBinary(leaf, IndexLayout.TEXT);
        if (!text.advanceExact(doc)) {
            return highlighted;
        }
        String content = text.binaryValue().utf8ToString();
        if (!highlighted.isEmpty() && !highlighted.equals(formatter.snippet(null, content))) {
            return highlighted;
        }
        List<String> passages = Passages.of(content);
        int start = -1;
        int end = 0;
        for (int i = 0; i <= index && i < passages.size(); i++) {
            start = content.indexOf(passages.get(i), end);
            if (start < 0) {
                return highlighted;
            }
            end = start + passages.get(i).length();
        }
        return index < passages.size() ? formatter.around(content, start, end) : highlighted;
    }

    /**
     * A searcher of this snapshot that sees only {@code namespaces}, sharing its term counts with the other
     * searches of this snapshot over the same namespaces.
     */
    ScopedSearcher scoped(Set<NamespaceId> namespaces) throws IOException {
        if (holding.size() >= MAX_COUNTED_SCOPES) {
            holding.clear();
        }
        Map<Term, Long> counts = holding.computeIfAbsent(Set.copyOf(namespaces), unused -> new ConcurrentHashMap<>());
        if (counts.size() >= MAX_COUNTED_TERMS) {
            counts.clear();
        }
        return new ScopedSearcher(reader, NamespaceScope.of(reader, namespaces), counts);
    }

    /**
     * The candidates a hybrid search for {@code plan} fuses, each memory's id with its {@link FusionFeatures}
     * (for training and testing the fusion).
     */
    List<FusionFeatures.OfMemory> fusionCandidates(QueryPlanner.Plan plan) throws IOException {
        Legs legs = legs(plan, LegExecutor.INLINE);
        List<LeafReaderContext> leaves = reader.leaves();
        List<FusionFeatures.OfMemory> described = new ArrayList<>();
        for (FusionFeatures.Candidate candidate
                : legs.features(reader, plan)) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(candidate.doc(), leaves));
            SortedNumericDocValues id = DocValues.getSortedNumeric(leaf.reader(), IndexLayout.ID);
            if (id.advanceExact(candidate.doc() - leaf.docBase)) {
                described.add(new FusionFeatures.OfMemory(MemoryId.of(id.nextValue()), candidate.values()));
            }
        }
        return described;
    }

    /**
     * What the legs of a search found, each best first (empty when the leg did not run), and the terms of the
     * keyword leg's query with their statistics (none when it found nothing).
     */
    private record Legs(ScoreDoc[] keyword, ScoreDoc[] semantic, QueryTerms terms) {

        /** The fused candidates of a hybrid search for {@code plan} in {@code reader}. */
        List<FusionFeatures.Candidate> features(IndexReader reader, QueryPlanner.Plan plan) throws IOException {
            boolean vectors = plan.semantic() && IndexLayout.indexable(plan.vector().values());
            return FusionFeatures.of(reader, keyword, terms, semantic,
                    vectors ? IndexLayout.vectorField(plan.vector()) : null,
                    vectors ? IndexLayout.unit(plan.vector().values()) : null);
        }
    }

    /**
     * Runs the legs {@code plan} asks for, a hybrid search's vector leg beside its keyword leg on
     * {@code executor}.
     */
    private Legs legs(QueryPlanner.Plan plan, LegExecutor executor) throws IOException {
        if (!plan.keyword()) {
            return new Legs(new ScoreDoc[0],
                    plan.semantic() ? vectorLeg(plan, RankFusion.vectorDepth(plan.limit())) : new ScoreDoc[0],
                    QueryTerms.NONE);
        }
        // Scoped statistics are only needed by the keyword leg (and by fusion in a hybrid search).
        IndexSearcher scoped = scoped(plan.namespaces());
        ScoreDoc[] keyword;
        ScoreDoc[] semantic;
        if (plan.semantic()) {
            LegExecutor.Both<ScoreDoc[], ScoreDoc[]> both = executor.both(
                    () -> keywordLeg(scoped, plan, RankFusion.keywordDepth(plan.limit())),
                    () -> vectorLeg(plan, RankFusion.vectorDepth(plan.limit())));
            keyword = both.first();
            semantic = both.second();
        } else {
            keyword = keywordLeg(scoped, plan, RankFusion.keywordDepth(plan.limit()));
            semantic = new ScoreDoc[0];
        }
        QueryTerms terms = plan.mode() == SearchMode.HYBRID && keyword.length > 0
                ? QueryTerms.of(scoped, plan.text()) : QueryTerms.NONE;
        return new Legs(keyword, semantic, terms);
    }

    /**
     * The ids of the plan's {@link QueryPlanner.Plan#limit() limit} documents whose vectors are nearest the plan's,
     * among those its filter accepts and none below its least similarity: one nearest-neighbour lookup exploring
     * {@link #NEAREST_CANDIDATES} candidates at least, reading nothing of a hit but its id.
     */
    List<MemoryId> nearest(QueryPlanner.Plan plan) throws IOException {
        if (!IndexLayout.indexable(plan.vector().values())) {
            return List.of();
        }
        int candidates = Math.max(plan.limit(), NEAREST_CANDIDATES);
        KnnFloatVectorQuery nearest = new KnnFloatVectorQuery(IndexLayout.vectorField(plan.vector()),
                IndexLayout.unit(plan.vector().values()), candidates, plan.filter());
        float least = IndexLayout.score(plan.minSimilarity());
        List<LeafReaderContext> leaves = reader.leaves();
        List<MemoryId> ids = new ArrayList<>(plan.limit());
        for (ScoreDoc doc : uncached.search(nearest, plan.limit()).scoreDocs) {
            if (doc.score < least) {
                break;
            }
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc.doc, leaves));
            SortedNumericDocValues id = DocValues.getSortedNumeric(leaf.reader(), IndexLayout.ID);
            if (id.advanceExact(doc.doc - leaf.docBase)) {
                ids.add(MemoryId.of(id.nextValue()));
            }
        }
        return ids;
    }

    /**
     * The best {@code depth} documents by BM25 (demoted kinds scaled down), searched by {@code scoped}, which
     * sees only the plan's namespaces: gathered by the plan's fast query, then ranked by its rescoring one.
     * Every search up to {@link RankFusion#KEYWORD_DEPTH} hits gathers as many candidates, so the first
     * hits do not depend on the limit.
     */
    private static ScoreDoc[] keywordLeg(IndexSearcher scoped, QueryPlanner.Plan plan, int depth)
            throws IOException {
        // No total hit count is needed, so pruning of non-competitive documents starts at once.
        TopDocs candidates = scoped.search(plan.full(), new TopScoreDocCollectorManager(depth, null, depth));
        return candidates.scoreDocs.length == 0 ? candidates.scoreDocs
                : new CandidateRescorer(plan.rescoring()).rescore(scoped, candidates, depth).scoreDocs;
    }

    /**
     * The {@code depth} memories nearest the query by meaning, among those the plan's filter accepts, each scored
     * by its {@linkplain VectorMatch#blended blend} of its whole vector's similarity and its best passage's (both
     * found by a nearest-neighbour search of their own, each completed exactly for the other's candidates), leaving
     * out those too far to be related at all (below the plan's {@linkplain QueryPlanner.Plan#minSimilarity() least
     * similarity}); demoted kinds scaled down like in the keyword leg. One {@link VectorMatch} per memory, on the
     * memory's document.
     */
    private ScoreDoc[] vectorLeg(QueryPlanner.Plan plan, int depth) throws IOException {
        if (!IndexLayout.indexable(plan.vector().values())) {
            return new ScoreDoc[0];
        }
        int candidates = Math.max(depth, MIN_VECTOR_CANDIDATES);
        float[] query = IndexLayout.unit(plan.vector().values());
        String wholeField = IndexLayout.vectorField(plan.vector());
        String passageField = IndexLayout.passageField(plan.vector());
        KnnFloatVectorQuery nearest = new KnnFloatVectorQuery(wholeField, query, candidates, plan.filter());
        Query withPassages = new BooleanQuery.Builder().add(plan.filter(), BooleanClause.Occur.FILTER)
                .add(new FieldExistsQuery(passageField), BooleanClause.Occur.FILTER).build();
        DiversifyingChildrenFloatKnnVectorQuery nearestPassages = new DiversifyingChildrenFloatKnnVectorQuery(
                passageField, query, withPassages, candidates, IndexLayout.MEMORIES);
        List<LeafReaderContext> leaves = reader.leaves();
        Map<Integer, VectorMatch> matches = new TreeMap<>();
        for (ScoreDoc doc : searcher.search(nearest, candidates).scoreDocs) {
            matches.put(doc.doc, new VectorMatch(doc.doc, doc.score, Float.NaN, -1));
        }
        for (ScoreDoc doc : searcher.search(nearestPassages, candidates).scoreDocs) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc.doc, leaves));
            int local = doc.doc - leaf.docBase;
            int memory = leaf.docBase + IndexLayout.MEMORIES.getBitSet(leaf).nextSetBit(local);
            VectorMatch known = matches.get(memory);
            matches.put(memory, new VectorMatch(memory, known == null ? Float.NaN : known.whole, doc.score,
                    VectorMatch.passageIndex(leaf, local, query)));
        }
        float least = IndexLayout.score(plan.minSimilarity());
        List<VectorMatch> completed = new ArrayList<>(matches.size());
        VectorMatch.Completion completion = null;
        for (VectorMatch match : matches.values()) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(match.doc, leaves));
            if (completion == null || completion.leaf != leaf) {
                completion = new VectorMatch.Completion(leaf, query, wholeField, passageField);
            }
            VectorMatch complete = completion.complete(match);
            if (complete.score >= least) {
                completed.add(complete);
            }
        }
        ScoreDoc[] found = completed.toArray(new ScoreDoc[0]);
        Arrays.sort(found, RankFusion.BEST_FIRST);
        boolean demoted = false;
        for (ScoreDoc doc : found) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc.doc, leaves));
            NumericDocValues flag = leaf.reader().getNumericDocValues(IndexLayout.DEMOTED);
            if (flag != null && flag.advanceExact(doc.doc - leaf.docBase)) {
                doc.score *= LuceneSearch.RESULT_DEMOTION;
                demoted = true;
            }
        }
        if (demoted) {
            Arrays.sort(found, RankFusion.BEST_FIRST);
        }
        return found.length > depth ? Arrays.copyOf(found, depth) : found;
    }
}
