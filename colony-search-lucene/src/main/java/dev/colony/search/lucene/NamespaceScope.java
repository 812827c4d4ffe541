package dev.colony.search.lucene;

import dev.colony.api.NamespaceId;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.NumericUtils;
import org.apache.lucene.util.SmallFloat;

/**
 * The part of an index one caller may read (the documents of its readable namespaces), segment by
 * segment, and the BM25 statistics of the searchable text (and of the predecessors' text scored with it)
 * over that part alone.
 *
 * <p><b>Why statistics are scoped.</b> BM25 weighs a term by how many documents hold it and a
 * document by its length against the average. Taken over the whole index, those numbers include
 * other users' private memories, so the score of a caller's own memory would move when someone else
 * writes a memory the caller cannot see — a side channel on private words. Here every statistic
 * counts only readable documents, so what a caller's search returns, and its scores, depend on
 * nothing the caller may not read.
 *
 * <p><b>How the filter stays cheap.</b> A segment is classified once per set of namespaces (and
 * cached until the segment is closed): {@link Coverage#ALL} when every document in it is readable
 * (then no filter runs at all), {@link Coverage#NONE} when none is (the segment is skipped), and
 * {@link Coverage#SOME} otherwise, with a bit set of the readable documents. A segment of a single
 * namespace, which is what a one-user store and most freshly flushed segments are, is classified
 * from its point bounds without reading a document.
 *
 * <p>Statistics follow Lucene's conventions so that scores over a fully readable index match what the
 * classification would give for any split into segments: deleted documents still count until
 * merged away (as Lucene's own term statistics do), and lengths are the ones BM25 scores documents
 * by, decoded from the length norms, so average and per-document lengths agree.
 */
final class NamespaceScope {

    /** How much of one segment a caller may read. */
    enum Coverage { ALL, NONE, SOME }

    /** Most namespace sets remembered per segment; beyond it the segment's entries are dropped. */
    private static final int MAX_SCOPES_PER_SEGMENT = 64;
    /** Most term statistics remembered per partly readable segment and namespace set. */
    private static final int MAX_TERMS_PER_SEGMENT = 4_096;

    /** Per segment core (documents and their namespaces never change in a core): scopes by namespaces. */
    private static final Map<IndexReader.CacheKey, Map<NamespaceKey, LeafScope>> CACHE = new ConcurrentHashMap<>();

    private final List<LeafReaderContext> leaves;
    private final LeafScope[] scopes;
    private final boolean everything;

    private NamespaceScope(List<LeafReaderContext> leaves, LeafScope[] scopes) {
        this.leaves = leaves;
        this.scopes = scopes;
        boolean all = true;
        for (LeafScope scope : scopes) {
            all &= scope.coverage == Coverage.ALL;
        }
        this.everything = all;
    }

    /** The part of {@code reader} in {@code namespaces}. */
    static NamespaceScope of(IndexReader reader, Set<NamespaceId> namespaces) throws IOException {
        NamespaceKey key = NamespaceKey.of(namespaces);
        List<LeafReaderContext> leaves = reader.leaves();
        LeafScope[] scopes = new LeafScope[leaves.size()];
        for (int i = 0; i < scopes.length; i++) {
            scopes[i] = scope(leaves.get(i).reader(), key);
        }
        return new NamespaceScope(leaves, scopes);
    }

    /** How much of segment {@code leaf} (one of this reader's leaves) is readable. */
    Coverage coverage(LeafReaderContext leaf) {
        return scopes[leaf.ord].coverage;
    }

    /** The readable documents of a {@link Coverage#SOME} segment. */
    FixedBitSet readable(LeafReaderContext leaf) {
        return scopes[leaf.ord].readable;
    }

    /** Whether every document of the reader is readable. */
    boolean everything() {
        return everything;
    }

    /**
     * Collection statistics of {@code field} (one of {@link IndexLayout#SCORED_FIELDS}; any other is
     * taken as {@link IndexLayout#TEXT}) over readable documents that hold it. Nothing readable gives a
     * placeholder of one document, which can score nothing since nothing readable matches.
     */
    CollectionStatistics collectionStatistics(String field) {
        int scored = Math.max(0, IndexLayout.SCORED_FIELDS.indexOf(field));
        long docCount = 0;
        long length = 0;
        for (LeafScope scope : scopes) {
            docCount += scope.docCount[scored];
            length += scope.length[scored];
        }
        if (docCount == 0) {
            return new CollectionStatistics(field, 1, 1, 1, 1);
        }
        return new CollectionStatistics(field, docCount, docCount, Math.max(length, docCount), docCount);
    }

    /**
     * Statistics of {@code term} over readable documents, given its statistics over the whole reader.
     * A term only unreadable documents hold gets a placeholder of one document: it matches nothing
     * the caller can see, so its weight never reaches a hit.
     */
    TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
        if (everything) {
            return new TermStatistics(term.bytes(), docFreq, totalTermFreq);
        }
        long scopedDocFreq = 0;
        long scopedTotal = 0;
        for (int i = 0; i < scopes.length; i++) {
            LeafScope scope = scopes[i];
            if (scope.coverage == Coverage.NONE) {
                continue;
            }
            long[] counts = scope.coverage == Coverage.ALL
                    ? wholeSegment(leaves.get(i).reader(), term)
                    : scope.counts(leaves.get(i).reader(), term);
            scopedDocFreq += counts[0];
            scopedTotal += counts[1];
        }
        if (scopedDocFreq == 0) {
            return new TermStatistics(term.bytes(), 1, 1);
        }
        return new TermStatistics(term.bytes(), scopedDocFreq, Math.max(scopedTotal, scopedDocFreq));
    }

    private static long[] wholeSegment(LeafReader reader, Term term) throws IOException {
        Terms terms = reader.terms(term.field());
        if (terms == null) {
            return new long[2];
        }
        TermsEnum termsEnum = terms.iterator();
        if (!termsEnum.seekExact(term.bytes())) {
            return new long[2];
        }
        return new long[] {termsEnum.docFreq(), termsEnum.totalTermFreq()};
    }

    private static LeafScope scope(LeafReader reader, NamespaceKey key) throws IOException {
        IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
        if (helper == null) {
            return LeafScope.compute(reader, key);
        }
        Map<NamespaceKey, LeafScope> byNamespaces = CACHE.computeIfAbsent(helper.getKey(), core -> {
            helper.addClosedListener(CACHE::remove);
            return new ConcurrentHashMap<>();
        });
        LeafScope scope = byNamespaces.get(key);
        if (scope == null) {
            scope = LeafScope.compute(reader, key);
            if (byNamespaces.size() >= MAX_SCOPES_PER_SEGMENT) {
                byNamespaces.clear();
            }
            byNamespaces.put(key, scope);
        }
        return scope;
    }

    /** A set of namespace ids, sorted, as a cache key. */
    private record NamespaceKey(long[] ids) {

        static NamespaceKey of(Set<NamespaceId> namespaces) {
            long[] ids = namespaces.stream().mapToLong(NamespaceId::value).sorted().toArray();
            return new NamespaceKey(ids);
        }

        boolean contains(long id) {
            return Arrays.binarySearch(ids, id) >= 0;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof NamespaceKey that && Arrays.equals(ids, that.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }

        @Override
        public String toString() {
            return Arrays.toString(ids);
        }
    }

    /** One segment's readable part for one set of namespaces. */
    private static final class LeafScope {
        final Coverage coverage;
        /** Readable documents; only for {@link Coverage#SOME}. */
        final FixedBitSet readable;
        /** Readable documents holding each of {@link IndexLayout#SCORED_FIELDS}. */
        final long[] docCount;
        /** Sum of their lengths in that field as BM25 scores them. */
        final long[] length;
        private final Map<Term, long[]> termCounts = new ConcurrentHashMap<>();

        private LeafScope(Coverage coverage, FixedBitSet readable, long[] docCount, long[] length) {
            this.coverage = coverage;
            this.readable = readable;
            this.docCount = docCount;
            this.length = length;
        }

        private static LeafScope none() {
            int fields = IndexLayout.SCORED_FIELDS.size();
            return new LeafScope(Coverage.NONE, null, new long[fields], new long[fields]);
        }

        static LeafScope compute(LeafReader reader, NamespaceKey key) throws IOException {
            int maxDoc = reader.maxDoc();
            PointValues points = reader.getPointValues(IndexLayout.NAMESPACE);
            if (maxDoc == 0 || points == null || points.size() == 0) {
                return none();
            }
            long min = NumericUtils.sortableBytesToLong(points.getMinPackedValue(), 0);
            long max = NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0);
            if (min == max) {
                return key.contains(min) ? lengths(reader, Coverage.ALL, null) : none();
            }
            FixedBitSet readable = new FixedBitSet(maxDoc);
            SortedNumericDocValues namespaces = DocValues.getSortedNumeric(reader, IndexLayout.NAMESPACE);
            for (int doc = namespaces.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = namespaces.nextDoc()) {
                if (key.contains(namespaces.nextValue())) {
                    readable.set(doc);
                }
            }
            int count = readable.cardinality();
            if (count == 0) {
                return none();
            }
            if (count == maxDoc) {
                return lengths(reader, Coverage.ALL, null);
            }
            return lengths(reader, Coverage.SOME, readable);
        }

        /** The scope with the text lengths of its readable documents (all when {@code readable} is null). */
        private static LeafScope lengths(LeafReader reader, Coverage coverage, FixedBitSet readable)
                throws IOException {
            int fields = IndexLayout.SCORED_FIELDS.size();
            long[] docCount = new long[fields];
            long[] length = new long[fields];
            for (int field = 0; field < fields; field++) {
                NumericDocValues norms = reader.getNormValues(IndexLayout.SCORED_FIELDS.get(field));
                if (norms == null) {
                    continue;
                }
                for (int doc = norms.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = norms.nextDoc()) {
                    if (readable == null || readable.get(doc)) {
                        docCount[field]++;
                        length[field] += SmallFloat.byte4ToInt((byte) norms.longValue());
                    }
                }
            }
            return new LeafScope(coverage, readable, docCount, length);
        }

        /** Readable documents holding {@code term} and the term's occurrences in them, counted once. */
        long[] counts(LeafReader reader, Term term) throws IOException {
            long[] known = termCounts.get(term);
            if (known != null) {
                return known;
            }
            long[] counts = new long[2];
            Terms terms = reader.terms(term.field());
            TermsEnum termsEnum = terms == null ? null : terms.iterator();
            if (termsEnum != null && termsEnum.seekExact(term.bytes())) {
                PostingsEnum postings = termsEnum.postings(null, PostingsEnum.FREQS);
                for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
                    if (readable.get(doc)) {
                        counts[0]++;
                        counts[1] += postings.freq();
                    }
                }
            }
            if (termCounts.size() >= MAX_TERMS_PER_SEGMENT) {
                termCounts.clear();
            }
            termCounts.put(new Term(term.field(), BytesRef.deepCopyOf(term.bytes())), counts);
            return counts;
        }
    }
}
