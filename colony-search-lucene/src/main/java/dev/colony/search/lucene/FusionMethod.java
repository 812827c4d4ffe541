package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.util.Locale;

/**
 * How a hybrid search fuses its keyword and vector legs: {@link #WEIGHTED} by default, {@link #LEARNED} when the
 * system property {@value #PROPERTY} says {@code learned} (or an index is opened with
 * {@link LuceneIndexFactory#withFusion}). Over all of our labelled queries the learned model ranks better (dialog
 * answers among the first five 0.900 against 0.878, the answer's session first 0.817 against 0.800, agent
 * memories recall@5 0.905 against 0.901), but those include the queries it was trained on; on the quarter held
 * out of its training it only ties the weights (agent memories recall@5 0.911, reworded ones 0.750). A fusion
 * becomes the default on a gain there, so the weights stay. A search's hits and their order depend on it; their
 * scores stay within [0, 1] either way.
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
