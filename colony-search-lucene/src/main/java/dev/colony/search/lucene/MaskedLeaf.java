package dev.colony.search.lucene;

import java.io.IOException;
import java.util.Collection;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.NumericUtils;

/**
 * A leaf of an older layer with the documents of some memories hidden, because a newer layer holds a
 * newer version of them (a reader's overlay over the last commit, or the few changes a search added
 * itself over either). Hiding works like deletion: the documents stay in term statistics, which a
 * handful of documents does not move measurably, but no query matches them.
 *
 * <p>It holds a reference on the wrapped leaf from construction until it is closed, so a snapshot
 * may outlive the reader the leaf came from.
 */
final class MaskedLeaf extends FilterLeafReader {

    private final Bits live;
    private final int numDocs;

    private MaskedLeaf(LeafReader in, Bits live, int numDocs) {
        super(in);
        this.live = live;
        this.numDocs = numDocs;
        in.incRef();
    }

    /**
     * {@code leaf} with the documents of the memories {@code ids} hidden, or {@code leaf} itself when
     * it holds none of them. A returned mask has one reference, which its caller owns.
     */
    static LeafReader hiding(LeafReader leaf, Collection<Long> ids) throws IOException {
        if (ids.isEmpty() || leaf.numDocs() == 0) {
            return leaf;
        }
        long maxId = maxId(leaf);
        Terms terms = leaf.terms(IndexLayout.UID);
        if (terms == null) {
            return leaf;
        }
        TermsEnum uids = terms.iterator();
        Bits liveDocs = leaf.getLiveDocs();
        FixedBitSet hidden = null;
        PostingsEnum postings = null;
        for (long id : ids) {
            if (id > maxId || !uids.seekExact(IndexLayout.uidTerm(id).bytes())) {
                continue;
            }
            postings = uids.postings(postings, PostingsEnum.NONE);
            for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
                if (liveDocs == null || liveDocs.get(doc)) {
                    if (hidden == null) {
                        hidden = new FixedBitSet(leaf.maxDoc());
                    }
                    hidden.set(doc);
                }
            }
        }
        if (hidden == null) {
            return leaf;
        }
        FixedBitSet live = new FixedBitSet(leaf.maxDoc());
        if (liveDocs == null) {
            live.set(0, leaf.maxDoc());
        } else {
            for (int doc = 0; doc < leaf.maxDoc(); doc++) {
                if (liveDocs.get(doc)) {
                    live.set(doc);
                }
            }
        }
        live.andNot(hidden);
        return new MaskedLeaf(leaf, live, leaf.numDocs() - hidden.cardinality());
    }

    /** The largest memory id in {@code leaf} (from the id points), or {@code Long.MAX_VALUE} if unknown. */
    private static long maxId(LeafReader leaf) throws IOException {
        PointValues points = leaf.getPointValues(IndexLayout.ID);
        if (points == null || points.size() == 0) {
            return Long.MAX_VALUE;
        }
        return NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0);
    }

    @Override
    public Bits getLiveDocs() {
        return live;
    }

    @Override
    public int numDocs() {
        return numDocs;
    }

    @Override
    public CacheHelper getCoreCacheHelper() {
        // Matches are cached per core; live documents are applied after the cache.
        return in.getCoreCacheHelper();
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
        return null;
    }

    @Override
    protected void doClose() throws IOException {
        in.decRef();
    }
}
