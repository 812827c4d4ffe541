package dev.colony.core.internal.memory;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a new memory says what a stored one already says: the second, stricter stage of deduplication,
 * applied to the few candidates the vector index found near the new memory.
 *
 * <p>Two texts are duplicates when their embeddings are very close and nothing that tells facts apart differs
 * between them. An embedding rates texts that share most words as close even when the one detail that matters
 * differs ("hikaricp at version 6.8.3 in Fafogath", "hikaricp at version 3.8.8 in Dopivur"), so a pair is no
 * duplicate when the two {@linkplain Statement readings} differ in a figure or a name ({@link DetailCheck}), in
 * negation, by a word put in place of another or its opposite ({@link SwapCheck}), or in direction
 * ({@link DirectionCheck}). Rewordings, reorderings, changes of case and punctuation, inflections and common short
 * forms stay duplicates. The rules, and each model's similarity threshold ({@code Embedder.duplicateSimilarity()}),
 * are measured on labeled pairs in {@code DuplicateDetectionQualityTest}: with the default model, of near misses
 * that change one detail of a fact none is taken for a duplicate, of rewordings 94 % are caught.
 */
final class DuplicateCheck {

    /**
     * The least similarity of an index hit to be looked at as a candidate (index vectors carry context), unless the
     * model rates even unrelated texts higher ({@code Embedder.minSimilarity()}).
     */
    static final double CANDIDATE_SIMILARITY = 0.60;
    /** How many candidates the index is asked for. */
    static final int CANDIDATES = 5;

    private DuplicateCheck() {
    }

    /**
     * The least similarity of an index hit to be a candidate under a model that rates unrelated texts below
     * {@code unrelated}: e5-small-v2 rates unrelated turns of one conversation around 0.8, and five such
     * candidates would each cost a comparison for nothing.
     */
    static double candidateSimilarity(double unrelated) {
        return Math.max(CANDIDATE_SIMILARITY, unrelated);
    }

    /**
     * How alike {@code a} and {@code b} are when they are duplicates under a model whose duplicates reach
     * {@code threshold} ({@code Embedder.duplicateSimilarity()}); empty when they are not.
     */
    static OptionalDouble score(String a, float[] aVector, String b, float[] bVector, double threshold) {
        double similarity = cosine(aVector, bVector);
        if (similarity < threshold || difference(a, b).isPresent()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(similarity);
    }

    /** The cosine similarity of two vectors of the same dimension. */
    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            normA += a[i] * a[i];
            normB += b[i] * b[i];
        }
        return normA == 0 || normB == 0 ? 0 : dot / Math.sqrt(normA * normB);
    }

    /**
     * What tells the facts of {@code a} and {@code b} apart ("figure", "name", "negation", "opposite",
     * "replaced", "direction"), or empty when they may state the same fact.
     */
    static Optional<String> difference(String a, String b) {
        Statement first = Statement.of(a);
        Statement second = Statement.of(b);
        if (DetailCheck.figuresDiffer(first, second)) {
            return Optional.of("figure");
        }
        if (DetailCheck.namesDiffer(first, second)) {
            return Optional.of("name");
        }
        if (first.negated() != second.negated()) {
            return Optional.of("negation");
        }
        if (SwapCheck.opposed(first, second) || DirectionCheck.conversed(first, second)) {
            return Optional.of("opposite");
        }
        if (SwapCheck.replaced(first, second)) {
            return Optional.of("replaced");
        }
        if (DirectionCheck.reversed(first, second)) {
            return Optional.of("direction");
        }
        return Optional.empty();
    }
}
