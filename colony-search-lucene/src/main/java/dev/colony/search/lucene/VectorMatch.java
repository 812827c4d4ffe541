package dev.colony.search.lucene;

import java.io.IOException;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.VectorScorer;
import org.apache.lucene.util.BitSet;

/**
 * A vector-leg hit: a memory's document with the similarity of its whole vector and of its best passage (as
 * Lucene scores them, {@code (1 + cosine) / 2}), its score their {@linkplain #blended blend}. What a fusion of the
 * legs may read besides the score: whether the memory was found by one of its sentences ({@link #byPassage()}), and
 * which ({@link #passageIndex}, for its snippet).
 */
final class VectorMatch extends ScoreDoc {

    /**
     * How much of a memory's score comes from its best passage where that passage is nearer the query than the
     * whole memory is: the score is the whole's similarity raised this share of the way to the passage's. Chosen on
     * {@code HybridQualityTest}'s sets with the default model, weights 0 to 1 by quarters: the agent memories lose
     * nothing up to 0.5 (at 0.75 hybrid hit@1 0.739 against 0.748, at 1 recall@5 0.896 against 0.901); on the dialogs
     * hybrid hit@5 rises with the weight (0.867 none, 0.872 at 0.5, 0.889 at 1) while vector hit@1 falls (0.517
     * none, 0.483 at 0.5, 0.367 at 1). Those were passages without their predecessor's share; with it, at 0.5, the
     * dialogs' vector hit@5 is 0.867 and hybrid hit@5 0.878 (0.856 and 0.867 without passages).
     */
    static final float PASSAGE_WEIGHT = 0.5f;

    /** The whole vector's similarity; {@code NaN} while unknown. */
    final float whole;
    /** The best passage's similarity; {@code NaN} while unknown, and for a memory without passages. */
    final float passage;
    /** Which of the memory's passages ({@link dev.colony.spi.embedding.Passages#of}) is the best; -1 if unknown. */
    final int passageIndex;

    VectorMatch(int doc, float whole, float passage, int passageIndex) {
        super(doc, blended(whole, passage));
        this.whole = whole;
        this.passage = passage;
        this.passageIndex = passageIndex;
    }

    /** Whether a passage is nearer the query than the whole memory. */
    boolean byPassage() {
        return passage > whole;
    }

    /**
     * Which passage of its memory the passage document {@code doc} of {@code leaf} (local) is; for a change in the
     * fresh layer, whose one document holds its passages, the one nearest {@code query}.
     */
    static int passageIndex(LeafReaderContext leaf, int doc, float[] query) throws IOException {
        BitSet memories = IndexLayout.MEMORIES.getBitSet(leaf);
        if (memories == null) {
            return -1;
        }
        int memory = memories.nextSetBit(doc);
        if (memory == doc) {
            return FreshLayer.nearestPassage(leaf.reader(), query);
        }
        return doc - (memory == 0 ? 0 : memories.prevSetBit(memory - 1) + 1);
    }

    /** The score of a memory whose whole and best passage score {@code whole} and {@code passage}. */
    static float blended(float whole, float passage) {
        if (Float.isNaN(passage)) {
            return whole;
        }
        if (Float.isNaN(whole)) {
            return passage;
        }
        return whole + PASSAGE_WEIGHT * Math.max(0f, passage - whole);
    }

    /**
     * Completes matches of one leaf, in increasing document order: the whole's similarity of a memory found by a
     * passage, the best passage's of one found by its whole, computed exactly from the leaf's vectors (a memory's
     * passages are the documents of its block before it; a fresh layer's leaf scores its own passages).
     */
    static final class Completion {

        final LeafReaderContext leaf;
        private final float[] query;
        private final FloatVectorValues wholes;
        private final VectorScorer passages;
        private final BitSet memories;
        private float bestScore;

        Completion(LeafReaderContext leaf, float[] query, String wholeField, String passageField) throws IOException {
            this.leaf = leaf;
            this.query = query;
            this.wholes = leaf.reader().getFloatVectorValues(wholeField);
            FloatVectorValues passageValues = leaf.reader().getFloatVectorValues(passageField);
            this.passages = passageValues == null ? null : passageValues.scorer(query);
            this.memories = passages == null ? null : IndexLayout.MEMORIES.getBitSet(leaf);
        }

        /** {@code match} with both similarities known. */
        VectorMatch complete(VectorMatch match) throws IOException {
            int local = match.doc - leaf.docBase;
            float whole = Float.isNaN(match.whole) ? whole(local) : match.whole;
            if (!Float.isNaN(match.passage)) {
                return new VectorMatch(match.doc, whole, match.passage, match.passageIndex);
            }
            int nearest = bestPassage(local);
            float passage = nearest < 0 ? Float.NaN : bestScore;
            return new VectorMatch(match.doc, whole, passage, nearest < 0 ? -1 : passageIndex(leaf, nearest, query));
        }

        private float whole(int local) throws IOException {
            if (wholes == null) {
                return Float.NaN;
            }
            int doc = wholes.docID() < local ? wholes.advance(local) : wholes.docID();
            return doc == local ? IndexLayout.SIMILARITY.compare(query, wholes.vectorValue()) : Float.NaN;
        }

        /** The document of the best passage of the memory at {@code local} (its score in {@link #bestScore}); -1 if none. */
        private int bestPassage(int local) throws IOException {
            if (passages == null || memories == null) {
                return -1;
            }
            int first = local == 0 ? 0 : memories.prevSetBit(local - 1) + 1;
            DocIdSetIterator docs = passages.iterator();
            int doc = docs.docID() < first ? docs.advance(first) : docs.docID();
            int best = -1;
            for (; doc <= local; doc = docs.nextDoc()) {
                float score = passages.score();
                if (best < 0 || score > bestScore) {
                    best = doc;
                    bestScore = score;
                }
            }
            return best;
        }
    }
}
