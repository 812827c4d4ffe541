package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.util.Locale;

/**
 * How a hybrid search fuses its keyword and vector legs: {@link #LEARNED} by default, {@link #WEIGHTED} when the
 * system property {@value #PROPERTY} says {@code weighted} (or an index is opened with
 * {@link LuceneIndexFactory#withFusion}).
 * A search's hits and their order depend on it; their scores stay within [0, 1] either way.
 */
public enum FusionMethod {
    /** The shipped ranking model over each candidate's features ({@link LearnedFusion}). */
    LEARNED,
    /** Hand-set weights of the two legs' scaled scores ({@link RankFusion}), the fallback. */
    WEIGHTED;

    /** The system property that picks the method: {@code learned} or {@code weighted}. */
    public static final String PROPERTY = "colony.search.fusion";

    /**
     * The method the system property {@value #PROPERTY} names, {@link #LEARNED} when it names none.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the property when it names no method
     */
    static FusionMethod configured() {
        String named = System.getProperty(PROPERTY, "").strip();
        if (named.isEmpty()) {
            return LEARNED;
        }
        for (FusionMethod method : values()) {
            if (method.name().equals(named.toUpperCase(Locale.ROOT))) {
                return method;
            }
        }
        throw ColonyException.invalid(PROPERTY, "must be 'learned' or 'weighted', was '" + named + "'");
    }
}
