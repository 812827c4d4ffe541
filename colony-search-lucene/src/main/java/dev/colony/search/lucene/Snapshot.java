package dev.colony.search.lucene;

import dev.colony.api.memory.SearchHit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
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

    final MultiReader reader;
    private final IndexSearcher searcher;
    private final UnifiedHighlighter highlighter;
    final long coverage;

    private Snapshot(MultiReader reader, IndexSearcher searcher, UnifiedHighlighter highlighter, long coverage) {
        this.reader = reader;
        this.searcher = searcher;
        this.highlighter = highlighter;
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
        return new Snapshot(reader, searcher, highlighter, coverage);
    }

    /**
     * The hits of {@code plan} in this snapshot, best first, each with its snippet: only documents of
     * the plan's namespaces are searched, and scored by statistics over them alone.
     */
    List<SearchHit> search(QueryPlanner.Plan plan) throws IOException {
        IndexSearcher scoped = new ScopedSearcher(reader, NamespaceScope.of(reader, plan.namespaces()));
        // No total hit count is needed, so pruning of non-competitive documents starts at once.
        TopDocs top = scoped.search(plan.full(),
                new TopScoreDocCollectorManager(plan.limit(), null, plan.limit()));
        if (top.scoreDocs.length == 0) {
            return List.of();
        }
        String[] snippets = highlighter.highlight(IndexLayout.TEXT, plan.text(), top, 1);
        List<LeafReaderContext> leaves = reader.leaves();
        List<SearchHit> hits = new ArrayList<>(top.scoreDocs.length);
        for (int i = 0; i < top.scoreDocs.length; i++) {
            ScoreDoc scoreDoc = top.scoreDocs[i];
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(scoreDoc.doc, leaves));
            hits.add(HitReader.read(leaf.reader(), scoreDoc.doc - leaf.docBase,
                    snippets[i] == null ? "" : snippets[i], scoreDoc.score));
        }
        return hits;
    }
}
