package dev.colony.search.lucene;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;

/**
 * Takes out of a query, before it is embedded, the words that a large share of the searchable memories
 * hold: they tell nothing about which memory is meant, yet a small model's query vector leans on them.
 *
 * <p>The case that matters is a conversation: each turn is stored as {@code "<speaker>: <text>"}, so each
 * participant's name is in half the memories, and questions name them ("What did Caroline paint
 * recently?"). Embedded whole, such a question lands nearest the short turns that are little more than
 * the name ("Caroline: Wow, what did you think?"); without the name it lands near the painting. BM25
 * already gives such words almost no weight, so the keyword leg keeps the query as it is.
 *
 * <p>A word is common when more than {@link #COMMON_SHARE} of the searchable memories hold it, and only
 * once there are at least {@link #MIN_MEMORIES} of them: in a small store a share says little. Stop words
 * stay (the analyzer drops them, and the model reads them as grammar), as does a word any of whose parts
 * is not common (a path whose directory is everywhere keeps its file name). When every word is common the
 * query stays whole. Only the first {@link QueryPlanner#MAX_QUERY_TERMS} distinct terms are looked up, as
 * the keyword leg uses no more; words after them stay. Measured with {@code ConversationBenchmark} on LoCoMo (two speakers a conversation),
 * default model: vector search turn hit@5 0.563 against 0.444 and session hit@1 0.561 against 0.477, hybrid
 * 0.713 against 0.682 and 0.714 against 0.708 (e5-small-v2 0.730 and 0.746, bge-small-en-v1.5 0.729 and
 * 0.726). No word of {@code HybridQualityTest}'s agent memories or dialogs is that common, so they rank as
 * before. Replacing the words by "someone" instead of dropping them ranked about the same.
 */
final class CommonWords {

    /** The share of the searchable memories above which a word is common. */
    static final double COMMON_SHARE = 0.3;
    /** The fewest searchable memories for a word to be common. */
    static final int MIN_MEMORIES = 100;
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private CommonWords() {
    }

    /**
     * {@code text} without its common words under {@code scoped}'s statistics (whitespace between the
     * remaining words collapsed), or {@code text} itself when it has none or has nothing else.
     */
    static String removed(String text, Analyzer analyzer, IndexSearcher scoped) throws IOException {
        CollectionStatistics memories = scoped.collectionStatistics(IndexLayout.TEXT);
        if (memories == null || memories.docCount() < MIN_MEMORIES) {
            return text;
        }
        double common = COMMON_SHARE * memories.docCount();
        Map<String, Boolean> looked = new HashMap<>();
        List<Word> words = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream(IndexLayout.TEXT, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            OffsetAttribute offsets = stream.addAttribute(OffsetAttribute.class);
            stream.reset();
            // A word comes first whole, then its parts within its offsets: all of them must be common.
            Word word = null;
            while (stream.incrementToken()) {
                if (word == null || offsets.startOffset() >= word.end) {
                    word = new Word(offsets.startOffset(), offsets.endOffset());
                    words.add(word);
                }
                String found = term.toString();
                Boolean known = looked.get(found);
                if (known == null) {
                    // Past the planner's limit of distinct terms, a word is not looked up: it stays.
                    known = looked.size() < QueryPlanner.MAX_QUERY_TERMS
                            && ScopedSearcher.documentsHolding(scoped, new Term(IndexLayout.TEXT, found)) > common;
                    looked.put(found, known);
                }
                word.common = word.common && known;
            }
            stream.end();
        }
        if (words.stream().allMatch(Word::common) || words.stream().noneMatch(Word::common)) {
            return text;
        }
        StringBuilder kept = new StringBuilder(text.length());
        int copied = 0;
        for (Word word : words) {
            if (word.common) {
                kept.append(text, copied, word.start);
                copied = word.end;
            }
        }
        kept.append(text, copied, text.length());
        return SPACES.matcher(kept).replaceAll(" ").strip();
    }

    /** A word of the query: where it is in the text, and whether each of its terms is common. */
    private static final class Word {
        final int start;
        final int end;
        boolean common = true;

        Word(int start, int end) {
            this.start = start;
            this.end = end;
        }

        boolean common() {
            return common;
        }
    }
}
