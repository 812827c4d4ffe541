package dev.colony.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Deterministic synthetic text: a vocabulary of made-up words mixed with common engineering terms,
 * so that queries have realistic selectivity (some terms rare, some frequent).
 */
final class Corpus {

    private static final String[] COMMON = {
        "auth", "token", "cache", "redis", "gateway", "retry", "backoff", "migration", "schema", "index",
        "build", "test", "flaky", "deploy", "config", "session", "queue", "worker", "timeout", "latency",
        "payments", "invoice", "search", "lucene", "sqlite", "handler", "router", "client", "server", "lock"};
    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ren", "tas", "vo", "qui", "zen", "dor", "pha", "lum", "bri", "cet", "nor", "sul",
        "gra", "tev", "wix", "yop", "hal"};

    private final Random random;
    private final List<String> vocabulary = new ArrayList<>();

    Corpus(long seed, int vocabularySize) {
        this.random = new Random(seed);
        for (String word : COMMON) {
            vocabulary.add(word);
        }
        while (vocabulary.size() < vocabularySize) {
            int syllables = 2 + random.nextInt(2);
            StringBuilder word = new StringBuilder();
            for (int i = 0; i < syllables; i++) {
                word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            vocabulary.add(word.toString());
        }
    }

    /** A word, skewed towards the start of the vocabulary (roughly Zipf-like). */
    String word() {
        double u = random.nextDouble();
        int index = (int) (vocabulary.size() * u * u * u);
        return vocabulary.get(Math.min(index, vocabulary.size() - 1));
    }

    /** A sentence of {@code min} to {@code max} words. */
    String sentence(int min, int max) {
        int n = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(word());
        }
        return text.toString();
    }
}
