package dev.colony.search.lucene;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.lucene.search.ScoreDoc;

/**
 * Fusion of the keyword and the vector leg by a logistic model over each candidate's {@link FusionFeatures}: a
 * candidate scores {@code 1 / (1 + exp(−(bias + Σ weight × feature)))}, its estimated chance of being what the
 * query looks for, and the candidates rank by it. The model learns when each leg is right from evidence a
 * fixed weighting cannot combine: whether the keyword leg's best holds the query's rare words, how much of the
 * query's idf a candidate holds whatever its BM25 score, whether both legs found it, and how long it is.
 *
 * <p>The weights ship in the jar as {@value #RESOURCE} (feature name = weight, and {@code bias}); they are
 * trained on the project's own labelled sets by {@code FusionTraining} in this module's tests, which writes the
 * file (see its Javadoc for the command, the data and what it measured). {@link RankFusion} is the fallback,
 * chosen with {@link FusionMethod#WEIGHTED}.
 */
final class LearnedFusion {

    /** The resource, beside this class, holding the shipped weights. */
    static final String RESOURCE = "learned-fusion.properties";
    /** The key of the model's intercept. */
    static final String BIAS = "bias";

    private final double bias;
    private final double[] weights;

    LearnedFusion(double bias, double[] weights) {
        if (weights.length != FusionFeatures.NAMES.size()) {
            throw new IllegalArgumentException("expected " + FusionFeatures.NAMES.size() + " weights, got "
                    + weights.length);
        }
        this.bias = bias;
        this.weights = weights.clone();
    }

    /** The model shipped in the jar. */
    static LearnedFusion shipped() {
        return Shipped.MODEL;
    }

    /**
     * The model {@code properties} describe: a weight for every feature of {@link FusionFeatures#NAMES} and
     * {@value #BIAS}, nothing else.
     *
     * @throws IllegalArgumentException naming the key that is missing, unknown or not a finite number
     */
    static LearnedFusion of(Properties properties) {
        Set<String> unknown = new HashSet<>(properties.stringPropertyNames());
        unknown.remove(BIAS);
        unknown.removeAll(FusionFeatures.NAMES);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown fusion weights " + unknown);
        }
        double[] weights = new double[FusionFeatures.NAMES.size()];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = number(properties, FusionFeatures.NAMES.get(i));
        }
        return new LearnedFusion(number(properties, BIAS), weights);
    }

    private static double number(Properties properties, String key) {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("fusion weight " + key + " is missing");
        }
        try {
            double number = Double.parseDouble(value.strip());
            if (!Double.isFinite(number)) {
                throw new NumberFormatException(value);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("fusion weight " + key + " is not a finite number: " + value, e);
        }
    }

    /** The model's intercept. */
    double bias() {
        return bias;
    }

    /** The weight of the feature named {@code name}. */
    double weight(String name) {
        int index = FusionFeatures.NAMES.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("no fusion feature " + name);
        }
        return weights[index];
    }

    /** The model's score for a candidate with feature values {@code values}: within (0, 1). */
    double score(double[] values) {
        double sum = bias;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i] * values[i];
        }
        return 1 / (1 + Math.exp(-sum));
    }

    /** The best {@code limit} of {@code candidates} by this model's score, best first. */
    ScoreDoc[] fuse(List<FusionFeatures.Candidate> candidates, int limit) {
        List<ScoreDoc> ranked = new ArrayList<>(candidates.size());
        for (FusionFeatures.Candidate candidate : candidates) {
            ranked.add(new ScoreDoc(candidate.doc(), (float) score(candidate.values())));
        }
        ranked.sort(RankFusion.BEST_FIRST);
        return ranked.subList(0, Math.min(limit, ranked.size())).toArray(new ScoreDoc[0]);
    }

    /** Loads the shipped model once, when first used. */
    private static final class Shipped {
        static final LearnedFusion MODEL = load();

        private static LearnedFusion load() {
            Properties properties = new Properties();
            try (InputStream in = LearnedFusion.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the jar lacks " + RESOURCE);
                }
                properties.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
            return of(properties);
        }
    }
}
