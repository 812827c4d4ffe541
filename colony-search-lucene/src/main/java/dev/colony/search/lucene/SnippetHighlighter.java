package dev.colony.search.lucene;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;

/**
 * The unified highlighter, reading each hit's searchable text from its binary doc value instead of
 * stored fields: a doc value is one slice read, where a stored document costs the decompression of
 * a whole block. Offsets still come from the postings, so nothing is analysed again.
 *
 * <p>The text field's description is given, not merged from every leaf of the snapshot: a snapshot
 * lives for one search when writes and searches alternate, and merging the descriptions of all its
 * leaves cost a fifth of such a search.
 */
final class SnippetHighlighter extends UnifiedHighlighter {

    private final FieldInfo textField;

    SnippetHighlighter(FieldInfo textField, Builder builder) {
        super(builder);
        this.textField = textField;
    }

    @Override
    protected FieldInfo getFieldInfo(String field) {
        return IndexLayout.TEXT.equals(field) && textField != null ? textField : super.getFieldInfo(field);
    }

    @Override
    protected List<CharSequence[]> loadFieldValues(String[] fields, DocIdSetIterator docIter,
            int cacheCharsThreshold) throws IOException {
        List<LeafReaderContext> leaves = getIndexSearcher().getIndexReader().leaves();
        List<CharSequence[]> values = new ArrayList<>();
        for (int doc = docIter.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docIter.nextDoc()) {
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
            CharSequence[] texts = new CharSequence[fields.length];
            for (int i = 0; i < fields.length; i++) {
                BinaryDocValues text = DocValues.getBinary(leaf.reader(), fields[i]);
                texts[i] = text.advanceExact(doc - leaf.docBase) ? text.binaryValue().utf8ToString() : "";
            }
            values.add(texts);
        }
        return values;
    }
}
