package dev.colony.core.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Measures the duplicate check on labeled pairs with the real in-process model: true duplicates (rewordings,
 * reorderings, changes of case and punctuation), near misses that change exactly one figure, version, name,
 * path, identifier, thing, negation or direction of a fact, and pairs that state different facts on one subject.
 * Of the near misses and different facts at most 0.5 % may be taken for duplicates, of the duplicates at least
 * 90 % must be caught; near misses that are also reworded are a harder set, held to 10 %. The rates are printed
 * per kind of pair, with how other similarity thresholds would do.
 */
class DuplicateDetectionQualityTest {

    /** Paraphrases and pairs on one subject with different facts: label, type, first, second. */
    private static final String PAIRS = "/dev/colony/core/dedup-pairs.tsv";
    /** Rewordings and near misses: label, what the pair is, first, second. */
    private static final String LABELED = "/dev/colony/core/dedup-labelled.tsv";
    private static final String REWORDED = "-reworded";

    @TempDir
    static Path natives;

    /**
     * The default model and the optional ones: each rates its own pairs against its own thresholds
     * ({@link OnnxEmbedder#duplicateSimilarity()}), and all meet the same bars.
     */
    @ParameterizedTest
    @ValueSource(strings = {"all-minilm-l6-v2-q", "e5-small-v2-q", "bge-small-en-v1.5-q"})
    void theCheckCatchesRewordingsAndRefusesPairsThatDifferInOneDetail(String model) throws IOException {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxModel.byId(model).orElseThrow(), natives);
        double threshold = embedder.duplicateSimilarity();
        List<Pair> pairs = new ArrayList<>(read(PAIRS, true));
        pairs.addAll(read(LABELED, false));
        Map<String, float[]> vectors = embed(embedder, pairs);
        assertThat(pairs.stream().filter(Pair::duplicate)).as("true duplicates").hasSizeGreaterThanOrEqualTo(300);
        assertThat(pairs.stream().filter(pair -> !pair.duplicate() && !pair.reworded())).as("near misses")
                .hasSizeGreaterThanOrEqualTo(300);

        Map<String, int[]> byKind = new TreeMap<>();
        List<String> mistakes = new ArrayList<>();
        Rates rates = new Rates();
        for (Pair pair : pairs) {
            float[] first = vectors.get(pair.first());
            float[] second = vectors.get(pair.second());
            boolean found = DuplicateCheck.score(pair.first(), first, pair.second(), second, threshold).isPresent();
            rates.count(pair, found);
            int[] kind = byKind.computeIfAbsent((pair.duplicate() ? "dup " : "non ") + pair.kind(), k -> new int[2]);
            kind[0]++;
            kind[1] += found ? 1 : 0;
            if (found != pair.duplicate()) {
                mistakes.add(String.format(Locale.ROOT, "%s %.3f (%s): %s | %s", found ? "false duplicate"
                        : "missed duplicate", DuplicateCheck.cosine(first, second),
                        DuplicateCheck.difference(pair.first(), pair.second()).orElse("similarity"), pair.first(),
                        pair.second()));
            }
        }
        System.out.printf(Locale.ROOT, "dedup (%s, threshold %.3f): true duplicates caught %.3f (%d of %d), near misses"
                + " and other facts taken for duplicates %.4f (%d of %d), reworded near misses %.3f (%d of %d)%n",
                embedder.modelId(), threshold,
                rates.caught(), rates.caught, rates.duplicates, rates.falseRate(), rates.falseDuplicates,
                rates.nearMisses, rates.rewordedRate(), rates.rewordedFalse, rates.reworded);
        byKind.forEach((kind, counts) -> System.out.printf(Locale.ROOT, "  %-28s %4d pairs, %4d judged duplicates%n",
                kind, counts[0], counts[1]));
        mistakes.forEach(System.out::println);
        for (double other = threshold - 0.06; other < threshold + 0.07; other += 0.02) {
            Rates at = new Rates();
            for (Pair pair : pairs) {
                at.count(pair, DuplicateCheck.score(pair.first(), vectors.get(pair.first()), pair.second(),
                        vectors.get(pair.second()), other).isPresent());
            }
            System.out.printf(Locale.ROOT, "threshold %.3f: caught %.3f, false duplicates %.4f, reworded %.3f%n",
                    other, at.caught(), at.falseRate(), at.rewordedRate());
        }
        assertThat(rates.falseRate()).as("near misses and other facts taken for duplicates").isLessThanOrEqualTo(0.005);
        assertThat(rates.caught()).as("true duplicates caught").isGreaterThanOrEqualTo(0.90);
        assertThat(rates.rewordedRate()).as("reworded near misses taken for duplicates").isLessThanOrEqualTo(0.10);
    }

    /** Every text of {@code pairs} embedded, in batches. */
    private static Map<String, float[]> embed(OnnxEmbedder embedder, List<Pair> pairs) {
        Set<String> texts = new LinkedHashSet<>();
        for (Pair pair : pairs) {
            texts.add(pair.first());
            texts.add(pair.second());
        }
        List<String> all = List.copyOf(texts);
        Map<String, float[]> vectors = new HashMap<>();
        for (int from = 0; from < all.size(); from += 64) {
            List<String> batch = all.subList(from, Math.min(all.size(), from + 64));
            List<float[]> embedded = embedder.embed(batch);
            for (int i = 0; i < batch.size(); i++) {
                vectors.put(batch.get(i), embedded.get(i));
            }
        }
        return vectors;
    }

    /** The pairs of {@code resource}; its second column is a memory type when {@code typed}, else the kind of pair. */
    private static List<Pair> read(String resource, boolean typed) throws IOException {
        List<Pair> pairs = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(DuplicateDetectionQualityTest.class.getResourceAsStream(resource));
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] columns = line.split("\t");
                boolean duplicate = columns[0].equals("dup");
                String kind = typed ? (duplicate ? "paraphrase, " : "other fact, ") + columns[1] : columns[1];
                pairs.add(new Pair(duplicate, kind, columns[2], columns[3]));
            }
        }
        return pairs;
    }

    /** One labeled pair. */
    private record Pair(boolean duplicate, String kind, String first, String second) {

        boolean reworded() {
            return kind.endsWith(REWORDED);
        }
    }

    /** The counts behind the three rates the test holds. */
    private static final class Rates {

        int duplicates;
        int caught;
        int nearMisses;
        int falseDuplicates;
        int reworded;
        int rewordedFalse;

        void count(Pair pair, boolean found) {
            if (pair.duplicate()) {
                duplicates++;
                caught += found ? 1 : 0;
            } else if (pair.reworded()) {
                reworded++;
                rewordedFalse += found ? 1 : 0;
            } else {
                nearMisses++;
                falseDuplicates += found ? 1 : 0;
            }
        }

        double caught() {
            return caught / (double) duplicates;
        }

        double falseRate() {
            return falseDuplicates / (double) nearMisses;
        }

        double rewordedRate() {
            return rewordedFalse / (double) reworded;
        }
    }
}
