package dev.colony.core.memory;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a new memory says what a stored one already says: the second, stricter stage of deduplication,
 * applied to the few candidates the vector index found near the new memory.
 *
 * <p>Two texts are duplicates when their embeddings are very close and neither states a figure the other
 * does not (five retries are not three; 100 requests a minute are not 1000) and both are affirmative or both
 * negative. Embeddings alone rate texts that share most words as close even when one detail, the one that
 * matters, differs; the figure and negation checks are what reject those. The thresholds are measured on a
 * labeled set of pairs (see the note on the issue and {@code DuplicateDetectionQualityTest}).
 */
final class DuplicateCheck {

    /** The least cosine similarity of two memories' own embeddings for them to be duplicates. */
    static final double DUPLICATE_SIMILARITY = 0.80;
    /** The least similarity of an index hit to be looked at as a candidate (index vectors carry context). */
    static final double CANDIDATE_SIMILARITY = 0.60;
    /** How many candidates the index is asked for. */
    static final int CANDIDATES = 5;

    private static final Pattern TOKEN = Pattern.compile("\\d+|[\\p{L}']+");
    private static final Map<String, Long> UNIT_SECONDS = Map.ofEntries(
            Map.entry("second", 1L), Map.entry("seconds", 1L), Map.entry("s", 1L), Map.entry("sec", 1L),
            Map.entry("minute", 60L), Map.entry("minutes", 60L), Map.entry("min", 60L),
            Map.entry("hour", 3_600L), Map.entry("hours", 3_600L), Map.entry("h", 3_600L),
            Map.entry("day", 86_400L), Map.entry("days", 86_400L), Map.entry("week", 604_800L),
            Map.entry("weeks", 604_800L));
    /** Qualifiers that turn one statement into another when swapped; checked both ways. */
    private static final Map<String, String> OPPOSITES = Map.ofEntries(
            Map.entry("mandatory", "optional"), Map.entry("required", "optional"), Map.entry("enabled", "disabled"),
            Map.entry("allowed", "forbidden"), Map.entry("always", "never"), Map.entry("only", "every"),
            Map.entry("public", "private"), Map.entry("internal", "external"), Map.entry("before", "after"),
            Map.entry("sync", "async"), Map.entry("synchronous", "asynchronous"), Map.entry("include", "exclude"),
            Map.entry("includes", "excludes"), Map.entry("increase", "decrease"), Map.entry("minimum", "maximum"),
            Map.entry("read", "write"), Map.entry("production", "staging"), Map.entry("backend", "frontend"),
            Map.entry("server", "client"));    private static final Pattern WORD = Pattern.compile("[\\p{L}']+");
    private static final Map<String, String> NUMBER_WORDS = Map.ofEntries(
            Map.entry("one", "1"), Map.entry("two", "2"), Map.entry("three", "3"), Map.entry("four", "4"), Map.entry("five", "5"),
            Map.entry("six", "6"), Map.entry("seven", "7"), Map.entry("eight", "8"), Map.entry("nine", "9"),
            Map.entry("ten", "10"), Map.entry("eleven", "11"), Map.entry("twelve", "12"),
            Map.entry("fifteen", "15"), Map.entry("twenty", "20"), Map.entry("thirty", "30"),
            Map.entry("forty", "40"), Map.entry("fifty", "50"), Map.entry("sixty", "60"),
            Map.entry("hundred", "100"), Map.entry("thousand", "1000"), Map.entry("twice", "2"),
            Map.entry("once", "1"));
    private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "none", "nobody", "nothing",
            "neither", "nor", "without", "cannot", "can't", "don't", "doesn't", "isn't", "aren't", "won't",
            "shouldn't", "mustn't", "avoid", "avoids");

    private DuplicateCheck() {
    }

    /** How alike {@code a} and {@code b} are when they are duplicates; empty when they are not. */
    static OptionalDouble score(String a, float[] aVector, String b, float[] bVector) {
        return score(a, aVector, b, bVector, DUPLICATE_SIMILARITY);
    }

    /** {@link #score} with another similarity threshold, for measuring where it should be. */
    static OptionalDouble score(String a, float[] aVector, String b, float[] bVector, double threshold) {
        double similarity = cosine(aVector, bVector);
        if (similarity < threshold || !sameFigures(a, b) || negated(a) != negated(b) || opposed(a, b)) {
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

    /** Whether the figures of one text are all among the other's (a time may be 02:00 in one, 2 in the other). */
    private static boolean sameFigures(String a, String b) {
        Set<String> first = figures(a);
        Set<String> second = figures(b);
        return first.containsAll(second) || second.containsAll(first);
    }

    /**
     * The figures a text states: each number (digits or a number word), and a number followed by a unit of
     * time as the duration in seconds, so that two weeks and 14 days are one figure, and 15 seconds and
     * 15 days are two.
     */
    private static Set<String> figures(String text) {
        Set<String> figures = new HashSet<>();
        Matcher tokens = TOKEN.matcher(text.toLowerCase(Locale.ROOT));
        String number = null;
        while (tokens.find()) {
            String token = tokens.group();
            Long seconds = number == null ? null : UNIT_SECONDS.get(token);
            if (seconds != null) {
                figures.remove(number);
                figures.add("duration " + Long.parseLong(number) * seconds);
                number = null;
                continue;
            }
            number = token.chars().allMatch(Character::isDigit) ? token.replaceFirst("^0+(?=.)", "")
                    : NUMBER_WORDS.get(token);
            if (number != null) {
                figures.add(number);
            }
        }
        return figures;
    }

    /** Whether one text holds a qualifier and the other its opposite: mandatory for admins, optional for others. */
    private static boolean opposed(String a, String b) {
        Set<String> first = words(a);
        Set<String> second = words(b);
        for (Map.Entry<String, String> pair : OPPOSITES.entrySet()) {
            String one = pair.getKey();
            String other = pair.getValue();
            if (first.contains(one) && second.contains(other) && !first.contains(other) && !second.contains(one)
                    || first.contains(other) && second.contains(one) && !first.contains(one)
                    && !second.contains(other)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        Matcher matcher = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            words.add(matcher.group());
        }
        return words;
    }

    private static boolean negated(String text) {
        Matcher words = WORD.matcher(text.toLowerCase(Locale.ROOT));
        boolean negated = false;
        while (words.find()) {
            if (NEGATIONS.contains(words.group())) {
                negated = !negated;
            }
        }
        return negated;
    }
}
