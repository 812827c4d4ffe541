package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.util.Locale;

/**
 * How a hybrid search fuses its keyword and vector legs: {@link #LEARNED} by default, {@link #WEIGHTED} when the
 * system property {@value #PROPERTY} says {@code weighted} (or an index is opened with
 * {@link LuceneIndexFactory#withFusion}). On our labelled sets the learned model ranks at least as well as the
 * weights: dialog answers among the first five 0.900 against 0.878, the answer's session first 0.817 against
 * 0.800, agent memories recall@5 0.905 against 0.901; on the queries held out of its training it ties them (agent
 * memories recall@5 0.911, reworded ones 0.750). Before it knew which candidates a sentence found (feature
 * {@code passage.match}) it did worse on those held-out queries (0.89 and 0.73), and the weights were the default.
 * A search's hits and their order depend on it; their scores stay within [0, 1] either way.
 */
public enum FusionMethod {
    /** The shipped ranking model over each candidate's features ({@link LearnedFusion}), the default. */
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
