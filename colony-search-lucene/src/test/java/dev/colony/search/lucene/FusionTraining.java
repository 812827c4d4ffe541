package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.SearchMode;
import dev.colony.embedding.onnx.OnnxEmbedder;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trains the weights of {@link LearnedFusion} on the project's own labelled sets and writes them where
 * {@value #OUT_PROPERTY} says (the shipped file is {@code src/main/resources/dev/colony/search/lucene/}
 * {@value LearnedFusion#RESOURCE}). Not named like a test: it runs only when asked for, from the repository root:
 * <pre>
 * ./mvnw -B -pl colony-search-lucene -am verify -Dtest=FusionTraining -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dcolony.fusion.out=$PWD/colony-search-lucene/src/main/resources/dev/colony/search/lucene/learned-fusion.properties
 * </pre>
 *
 * <p>Data: every set of {@link LabeledSet} (agent memories asked three ways, two sets of dialogs), each indexed
 * with the default model as {@link HybridQualityTest} does; each query gives the candidates a hybrid search
 * fuses, with their {@link FusionFeatures}, and which of them answer it. A quarter of each set's queries, drawn
 * with the fixed seed {@value #SEED}, is held out: the model never sees them, and the report compares it with
 * the weighted fusion on them. Nothing else is read; the public conversation benchmark is never used here.
 *
 * <p>Model: a linear score over the features, fitted pairwise (a logistic loss on the score difference of each
 * answering candidate and each other candidate of the same query, every query weighing alike, a small L2 penalty,
 * features standardised while fitting; later rounds weigh pairs by their effect on the first ranks), then turned
 * into a probability by a one-variable logistic fit of the
 * answering candidates on the score. Full-batch gradient descent from zero: the same data give the same weights.
 */
class FusionTraining {

    /** Where to write the weights. */
    static final String OUT_PROPERTY = "colony.fusion.out";
    /** The seed of the held-out draw. */
    static final long SEED = 34;
    /** The share of each set's queries held out. */
    static final double HELD_OUT = 0.25;
    /** Gradient descent steps of the pairwise fit. */
    private static final int STEPS = 600;
    /** Gradient descent step size (on standardised features). */
    private static final double STEP_SIZE = 0.5;
    /** L2 penalty of the pairwise fit. */
    private static final double L2 = 1e-3;
    /**
     * Rounds of the pairwise fit: the first weighs every pair alike, each later one weighs a pair by how much
     * swapping its two candidates would change the ranking's discounted gain under the previous round's weights
     * (as LambdaRank does), so that the fit cares about the first ranks.
     */
    private static final int ROUNDS = 3;
    /** Hits ranked per query when measuring. */
    private static final int DEPTH = 50;

    @TempDir
    static Path natives;

    /** One labelled query's candidates: entry id to features, and which entries answer it. */
    record Example(String set, boolean heldOut, LabeledSet.Query query, Map<String, double[]> candidates,
            List<String> weighted) {
    }

    @Test
    void trainsOnTheLabelledSetsAndWritesTheWeights() throws IOException {
        String out = System.getProperty(OUT_PROPERTY, "");
        assertThat(out).as(OUT_PROPERTY + ": where to write the weights").isNotBlank();
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, natives);
        Map<String, LabeledSet> sets = new LinkedHashMap<>();
        sets.put("agent memories", LabeledSet.agentMemories());
        sets.put("agent memories, reworded", LabeledSet.agentMemoriesReworded());
        sets.put("agent memories, more paraphrases", LabeledSet.agentMemoriesMore());
        sets.put("dialogs", LabeledSet.dialogs());
        sets.put("dialogs, more", LabeledSet.dialogsMore());
        List<Example> examples = new ArrayList<>();
        for (Map.Entry<String, LabeledSet> named : sets.entrySet()) {
            LabeledSet set = named.getValue();
            List<LabeledSet.Query> order = new ArrayList<>(set.queries());
            Collections.shuffle(order, new Random(SEED));
            int held = (int) Math.round(HELD_OUT * order.size());
            Map<LabeledSet.Query, Boolean> heldOut = new HashMap<>();
            for (int i = 0; i < order.size(); i++) {
                heldOut.put(order.get(i), i < held);
            }
            try (LabeledIndex index = LabeledIndex.embedded(set, embedder, FusionMethod.WEIGHTED)) {
                for (LabeledSet.Query query : set.queries()) {
                    examples.add(new Example(named.getKey(), heldOut.get(query), query,
                            index.fusionCandidates(query.text()), index.rank(SearchMode.HYBRID, query.text(), DEPTH)));
                }
            }
        }
        LearnedFusion model = fit(examples.stream().filter(example -> !example.heldOut()).toList());

        String report = report(sets, examples, model);
        dump(examples, Path.of("target", "fusion-examples.tsv"));
        System.out.print(report);
        try (Writer writer = Files.newBufferedWriter(Path.of(out), StandardCharsets.UTF_8)) {
            writer.write("# Weights of LearnedFusion, written by FusionTraining (see its Javadoc); do not edit.\n");
            writer.write(String.format(Locale.ROOT, "# Default model %s; held out: %.0f%% of each set's queries, "
                    + "seed %d. Hybrid search, weighted fusion against these weights:%n", embedder.modelId(),
                    100 * HELD_OUT, SEED));
            writer.write(report);
            writer.write(String.format(Locale.ROOT, "%s=%.6f%n", LearnedFusion.BIAS, model.bias()));
            for (String name : FusionFeatures.NAMES) {
                writer.write(String.format(Locale.ROOT, "%s=%.6f%n", name, model.weight(name)));
            }
        }
    }

    /** Weighted against learned fusion on each set's trained-on and held-out queries, as comment lines. */
    static String report(Map<String, LabeledSet> sets, List<Example> examples, LearnedFusion model) {
        StringBuilder report = new StringBuilder();
        for (Map.Entry<String, LabeledSet> named : sets.entrySet()) {
            for (boolean heldOut : new boolean[] {false, true}) {
                List<Example> part = examples.stream()
                        .filter(example -> example.set().equals(named.getKey()) && example.heldOut() == heldOut)
                        .toList();
                LabeledSet subset = new LabeledSet(named.getValue().entries(),
                        part.stream().map(Example::query).toList());
                report.append(String.format(Locale.ROOT, "# %s, %s (%d queries)%n#   weighted %s%n#   learned  %s%n",
                        named.getKey(), heldOut ? "held out" : "trained on", part.size(),
                        RankingQuality.of(subset, ranker(part, Example::weighted)),
                        RankingQuality.of(subset, ranker(part, example -> rank(model, example)))));
            }
        }
        return report.toString();
    }

    /** Writes every example's candidates and features, one per line, for inspection. */
    private static void dump(List<Example> examples, Path file) throws IOException {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Example example : examples) {
                writer.write(String.join("\t", "W", example.set(), String.valueOf(example.heldOut()),
                        example.query().text(), String.join(",", example.query().relevant()),
                        String.join(",", example.weighted())) + "\n");
                for (Map.Entry<String, double[]> candidate : example.candidates().entrySet()) {
                    StringBuilder line = new StringBuilder("C\t").append(candidate.getKey());
                    for (double value : candidate.getValue()) {
                        line.append('\t').append(value);
                    }
                    writer.write(line.append('\n').toString());
                }
            }
        }
    }

    private static Function<String, List<String>> ranker(List<Example> part, Function<Example, List<String>> ranking) {
        Map<String, List<String>> byText = new HashMap<>();
        for (Example example : part) {
            byText.put(example.query().text(), ranking.apply(example));
        }
        return byText::get;
    }

    /** The entries of {@code example} ranked by {@code model}, best first (ties by entry id), at most DEPTH. */
    private static List<String> rank(LearnedFusion model, Example example) {
        return example.candidates().entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, double[]>>comparingDouble(entry -> -model.score(entry.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .limit(DEPTH).map(Map.Entry::getKey).toList();
    }

    /**
     * Each pair's weight for the next round: the change of discounted gain ({@code 1 / log2(2 + rank)}) if its
     * two candidates swapped ranks under {@code weights}, relative to the query's mean.
     */
    private static double[] rankGains(double[][] rows, int[][] pairs, double[] weights) {
        Integer[] order = new Integer[rows.length];
        double[] scores = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            order[r] = r;
            for (int i = 0; i < weights.length; i++) {
                scores[r] += weights[i] * rows[r][i];
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(r -> -scores[r]));
        int[] rank = new int[rows.length];
        for (int position = 0; position < order.length; position++) {
            rank[order[position]] = position;
        }
        double[] gains = new double[pairs.length];
        double sum = 0;
        for (int p = 0; p < pairs.length; p++) {
            gains[p] = Math.abs(discount(rank[pairs[p][0]]) - discount(rank[pairs[p][1]]));
            sum += gains[p];
        }
        for (int p = 0; p < pairs.length; p++) {
            gains[p] = sum == 0 ? 1 : gains[p] * pairs.length / sum;
        }
        return gains;
    }

    private static double discount(int rank) {
        return 1 / (Math.log(2 + rank) / Math.log(2));
    }

    /** The pairwise fit, then its calibration (see the class Javadoc). */
    static LearnedFusion fit(List<Example> examples) {
        int width = FusionFeatures.NAMES.size();
        double[] mean = new double[width];
        double[] spread = new double[width];
        long count = 0;
        for (Example example : examples) {
            for (double[] values : example.candidates().values()) {
                for (int i = 0; i < width; i++) {
                    mean[i] += values[i];
                }
                count++;
            }
        }
        for (int i = 0; i < width; i++) {
            mean[i] /= count;
        }
        for (Example example : examples) {
            for (double[] values : example.candidates().values()) {
                for (int i = 0; i < width; i++) {
                    spread[i] += (values[i] - mean[i]) * (values[i] - mean[i]);
                }
            }
        }
        for (int i = 0; i < width; i++) {
            spread[i] = Math.sqrt(spread[i] / count);
        }
        // Each query's candidates standardised, and its pairs (answering, other).
        List<double[][]> queries = new ArrayList<>();
        List<int[][]> pairsOf = new ArrayList<>();
        for (Example example : examples) {
            List<double[]> rows = new ArrayList<>();
            List<Integer> answering = new ArrayList<>();
            List<Integer> others = new ArrayList<>();
            example.candidates().forEach((entry, values) -> {
                double[] row = new double[width];
                for (int i = 0; i < width; i++) {
                    row[i] = spread[i] == 0 ? 0 : (values[i] - mean[i]) / spread[i];
                }
                (example.query().relevant().contains(entry) ? answering : others).add(rows.size());
                rows.add(row);
            });
            if (answering.isEmpty() || others.isEmpty()) {
                continue;
            }
            int[][] pairs = new int[answering.size() * others.size()][];
            int next = 0;
            for (int good : answering) {
                for (int bad : others) {
                    pairs[next++] = new int[] {good, bad};
                }
            }
            queries.add(rows.toArray(new double[0][]));
            pairsOf.add(pairs);
        }
        double[] weights = new double[width];
        List<double[]> pairWeights = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            pairWeights.clear();
            for (int q = 0; q < queries.size(); q++) {
                pairWeights.add(round == 0 ? null : rankGains(queries.get(q), pairsOf.get(q), weights));
            }
            for (int step = 0; step < STEPS; step++) {
                double[] gradient = new double[width];
                for (int q = 0; q < queries.size(); q++) {
                    double[][] rows = queries.get(q);
                    int[][] pairs = pairsOf.get(q);
                    double[] gains = pairWeights.get(q);
                    double share = 1.0 / (pairs.length * (double) queries.size());
                    for (int p = 0; p < pairs.length; p++) {
                        double[] good = rows[pairs[p][0]];
                        double[] bad = rows[pairs[p][1]];
                        double margin = 0;
                        for (int i = 0; i < width; i++) {
                            margin += weights[i] * (good[i] - bad[i]);
                        }
                        double pull = share / (1 + Math.exp(margin)) * (gains == null ? 1 : gains[p]);
                        for (int i = 0; i < width; i++) {
                            gradient[i] -= pull * (good[i] - bad[i]);
                        }
                    }
                }
                for (int i = 0; i < width; i++) {
                    weights[i] -= STEP_SIZE * (gradient[i] + L2 * weights[i]);
                }
            }
        }
        double[] raw = new double[width];
        for (int i = 0; i < width; i++) {
            raw[i] = spread[i] == 0 ? 0 : weights[i] / spread[i];
        }
        // Calibration: p = sigmoid(scale * t + offset) over every candidate, t the raw score standardised.
        List<double[]> scored = new ArrayList<>();
        for (Example example : examples) {
            example.candidates().forEach((entry, values) -> {
                double score = 0;
                for (int i = 0; i < width; i++) {
                    score += raw[i] * values[i];
                }
                scored.add(new double[] {score, example.query().relevant().contains(entry) ? 1 : 0});
            });
        }
        double scoreMean = scored.stream().mapToDouble(point -> point[0]).average().orElse(0);
        double scoreSpread = Math.sqrt(scored.stream()
                .mapToDouble(point -> (point[0] - scoreMean) * (point[0] - scoreMean)).average().orElse(1));
        double scale = 0;
        double offset = 0;
        for (int step = 0; step < 50; step++) {
            // Newton's method on the two parameters, from zero.
            double gs = 0;
            double gb = 0;
            double hss = 1e-9;
            double hsb = 0;
            double hbb = 1e-9;
            for (double[] point : scored) {
                double t = (point[0] - scoreMean) / scoreSpread;
                double p = 1 / (1 + Math.exp(-(scale * t + offset)));
                double curvature = p * (1 - p);
                gs += (p - point[1]) * t;
                gb += p - point[1];
                hss += curvature * t * t;
                hsb += curvature * t;
                hbb += curvature;
            }
            double determinant = hss * hbb - hsb * hsb;
            scale -= (hbb * gs - hsb * gb) / determinant;
            offset -= (hss * gb - hsb * gs) / determinant;
        }
        double[] shipped = new double[width];
        for (int i = 0; i < width; i++) {
            shipped[i] = scale / scoreSpread * raw[i];
        }
        double bias = offset - scale * scoreMean / scoreSpread;
        return new LearnedFusion(bias, shipped);
    }
}
