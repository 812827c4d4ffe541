package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.util.Locale;

/**
 * How a hybrid search fuses its keyword and vector legs: {@link #WEIGHTED} by default, {@link #LEARNED} when the
 * system property {@value #PROPERTY} says {@code learned} (or an index is opened with
 * {@link LuceneIndexFactory#withFusion}). The learned model ranks our dialog set better; before it knew which
 * candidates a passage found (feature {@code passage.match}) it did not carry over to the queries held out of
 * its training (agent memories recall@5 0.89 against 0.91, reworded ones 0.73 against 0.75), and with it it only
 * ties there (0.911 and 0.750 both ways), so it is not the default yet. A search's hits and their order depend on
 * it; their scores stay within [0, 1] either way.
 */
public enum FusionMethod {
    /** The shipped ranking model over each candidate's features ({@link LearnedFusion}). */
    LEARNED,
    /** Hand-set weights of the two legs' scaled scores ({@link RankFusion}), the default. */
    WEIGHTED;

    /** The system property that picks the method: {@code learned} or {@code weighted}. */
    public static final String PROPERTY = "colony.search.fusion";

    /**
     * The method the system property {@value #PROPERTY} names, {@link #WEIGHTED} when it names none.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the property when it names no method
     */
    static FusionMethod configured() {
        String named = System.getProperty(PROPERTY, "").strip();
        if (named.isEmpty()) {
            return WEIGHTED;
        }
        for (FusionMethod method : values()) {
            if (method.name().equals(named.toUpperCase(Locale.ROOT))) {
                return method;
            }
        }
        throw ColonyException.invalid(PROPERTY, "must be 'learned' or 'weighted', was '" + named + "'");
    }
}
