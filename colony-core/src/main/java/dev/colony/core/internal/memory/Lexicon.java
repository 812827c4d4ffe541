package dev.colony.core.internal.memory;

import java.util.Map;
import java.util.Set;

/**
 * The few English words and forms the duplicate check knows: small words that only hold a sentence together,
 * negations, number words and units of time, common short forms, irregular verbs, and a crude stemmer. Word
 * lists of a few dozen entries each and suffix stripping, no dictionary: the check only has to tell which words
 * two near-identical texts differ in.
 */
final class Lexicon {

    /** Spelled-out numbers and what they are in digits. */
    static final Map<String, String> NUMBER_WORDS = Map.ofEntries(
            Map.entry("zero", "0"), Map.entry("one", "1"), Map.entry("two", "2"), Map.entry("three", "3"),
            Map.entry("four", "4"), Map.entry("five", "5"), Map.entry("six", "6"), Map.entry("seven", "7"),
            Map.entry("eight", "8"), Map.entry("nine", "9"), Map.entry("ten", "10"), Map.entry("eleven", "11"),
            Map.entry("twelve", "12"), Map.entry("thirteen", "13"), Map.entry("fourteen", "14"),
            Map.entry("fifteen", "15"), Map.entry("sixteen", "16"), Map.entry("seventeen", "17"),
            Map.entry("eighteen", "18"), Map.entry("nineteen", "19"), Map.entry("twenty", "20"),
            Map.entry("thirty", "30"), Map.entry("forty", "40"), Map.entry("fifty", "50"), Map.entry("sixty", "60"),
            Map.entry("seventy", "70"), Map.entry("eighty", "80"), Map.entry("ninety", "90"),
            Map.entry("hundred", "100"), Map.entry("thousand", "1000"), Map.entry("million", "1000000"),
            Map.entry("dozen", "12"), Map.entry("twice", "2"));

    private static final long SECOND = 1_000;
    private static final long HOUR = 3_600 * SECOND;
    private static final long DAY = 24 * HOUR;

    /** Units of time, in milliseconds, so that two weeks and 14 days are one figure. */
    static final Map<String, Long> UNIT_MILLIS = Map.ofEntries(
            Map.entry("ms", 1L), Map.entry("millisecond", 1L), Map.entry("milliseconds", 1L),
            Map.entry("s", SECOND), Map.entry("sec", SECOND), Map.entry("secs", SECOND), Map.entry("second", SECOND),
            Map.entry("seconds", SECOND), Map.entry("min", 60 * SECOND), Map.entry("mins", 60 * SECOND),
            Map.entry("minute", 60 * SECOND), Map.entry("minutes", 60 * SECOND), Map.entry("h", HOUR),
            Map.entry("hr", HOUR), Map.entry("hrs", HOUR), Map.entry("hour", HOUR), Map.entry("hours", HOUR),
            Map.entry("day", DAY), Map.entry("days", DAY), Map.entry("week", 7 * DAY), Map.entry("weeks", 7 * DAY),
            Map.entry("month", 30 * DAY), Map.entry("months", 30 * DAY), Map.entry("year", 365 * DAY),
            Map.entry("years", 365 * DAY));

    /** Words that negate what they stand in (their count decides: two negations affirm). */
    static final Set<String> NEGATIONS = Set.of("not", "no", "never", "none", "nobody", "nothing", "neither", "nor",
            "without", "cannot", "can't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't",
            "won't", "wouldn't", "shouldn't", "couldn't", "mustn't", "hasn't", "haven't", "hadn't", "avoid", "avoids");

    /** After "no" these make a bound, not a negation: no more than five, no later than noon. */
    static final Set<String> BOUNDS = Set.of("more", "less", "fewer", "later", "earlier", "longer", "shorter",
            "greater", "bigger", "larger", "smaller");

    /** Words that only hold a sentence together. */
    static final Set<String> FUNCTION_WORDS = Set.of("a", "an", "the", "this", "that", "these", "those", "it", "its",
            "it's", "they", "them", "their", "we", "our", "us", "you", "your", "i", "me", "my", "he", "she", "his",
            "her", "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did",
            "will", "would", "shall", "should", "can", "could", "may", "might", "must", "of", "in", "on", "at", "by",
            "for", "with", "to", "from", "into", "onto", "as", "and", "or", "but", "so", "if", "then", "than", "when",
            "while", "where", "which", "who", "whom", "whose", "what", "there", "here", "also", "too", "all", "any",
            "each", "every", "some", "both", "either", "just", "still", "now", "very", "about", "via", "per",
            "through", "within", "up", "down", "out", "over", "under", "only", "again", "get", "gets", "got", "let",
            "lets", "since", "because", "once", "until", "yet", "whether", "how");

    /** Words after which the next word names a thing rather than an action. */
    static final Set<String> DETERMINERS = Set.of("a", "an", "the", "its", "their", "our", "your", "my", "this",
            "that", "these", "those", "each", "every", "some", "any", "no", "of", "in", "on", "at", "for", "from",
            "into", "with", "by", "via", "through", "as");

    /** Words that join the items of a list. */
    private static final Set<String> CONJUNCTIONS = Set.of("and", "or", "nor");

    /** Short forms written out, so that a text and its rewording meet on one word. */
    private static final Map<String, String> ABBREVIATIONS = Map.ofEntries(
            Map.entry("db", "database"), Map.entry("dbs", "databases"), Map.entry("repo", "repository"),
            Map.entry("repos", "repositories"), Map.entry("config", "configuration"), Map.entry("env", "environment"),
            Map.entry("app", "application"), Map.entry("apps", "applications"), Map.entry("prod", "production"),
            Map.entry("dev", "development"), Map.entry("auth", "authentication"), Map.entry("k8s", "kubernetes"),
            Map.entry("info", "information"), Map.entry("dir", "directory"), Map.entry("pkg", "package"),
            Map.entry("msg", "message"), Map.entry("e2e", "end-to-end"), Map.entry("docs", "documentation"),
            Map.entry("doc", "documentation"), Map.entry("px", "pixels"), Map.entry("percent", "%"));

    /** Irregular verb forms and their base, so that "sent" meets "sends". */
    private static final Map<String, String> IRREGULAR = Map.ofEntries(
            Map.entry("sent", "send"), Map.entry("built", "build"), Map.entry("kept", "keep"),
            Map.entry("held", "hold"), Map.entry("ran", "run"), Map.entry("wrote", "write"),
            Map.entry("written", "write"), Map.entry("made", "make"), Map.entry("went", "go"), Map.entry("gone", "go"),
            Map.entry("took", "take"), Map.entry("taken", "take"), Map.entry("gave", "give"),
            Map.entry("given", "give"), Map.entry("done", "do"), Map.entry("chose", "choose"),
            Map.entry("chosen", "choose"), Map.entry("found", "find"), Map.entry("brought", "bring"),
            Map.entry("began", "begin"), Map.entry("begun", "begin"), Map.entry("broke", "break"),
            Map.entry("broken", "break"), Map.entry("led", "lead"), Map.entry("lost", "lose"),
            Map.entry("paid", "pay"), Map.entry("said", "say"), Map.entry("shown", "show"), Map.entry("sold", "sell"),
            Map.entry("told", "tell"), Map.entry("thought", "think"), Map.entry("rose", "rise"),
            Map.entry("risen", "rise"), Map.entry("fell", "fall"), Map.entry("fallen", "fall"),
            Map.entry("drove", "drive"), Map.entry("driven", "drive"), Map.entry("bound", "bind"),
            Map.entry("hung", "hang"), Map.entry("spun", "spin"));

    /**
     * The stems of verbs that only say where or on what something is: "runs on", "is hosted on", "lives in",
     * "is kept in" word one fact alike, so they meet on one key.
     */
    private static final Set<String> PLACEMENT_STEMS = Set.of("run", "host", "liv", "keep", "locat", "stor", "sit",
            "resid", "stay", "hold", "work");
    private static final String PLACEMENT = "~placed";

    private Lexicon() {
    }

    /** Whether {@code word} joins the items of a list. */
    static boolean conjunction(String word) {
        return CONJUNCTIONS.contains(word);
    }

    /** {@code word} written out when it is a common short form (db, config, k8s), else as it is. */
    static String writtenOut(String word) {
        return ABBREVIATIONS.getOrDefault(word, word);
    }

    /**
     * The key two forms of a word meet on: its {@linkplain #stem stem}, written out first and an irregular form
     * brought to its base; verbs of place share one key.
     */
    static String key(String word) {
        String written = writtenOut(word);
        String stem = stem(IRREGULAR.getOrDefault(written, written));
        return PLACEMENT_STEMS.contains(stem) ? PLACEMENT : stem;
    }

    /**
     * A crude stem: the word without a possessive, plural, past or -ing ending and a final e, so that caches,
     * cached and cache meet. Unrelated words may meet too, which only makes the check more lenient.
     */
    static String stem(String word) {
        String stem = withoutPossessive(word);
        if (stem.length() <= 3) {
            return stem;
        }
        if (stem.endsWith("ies") && stem.length() > 4) {
            stem = stem.substring(0, stem.length() - 3) + "y";
        } else if (stem.endsWith("ing") && stem.length() > 5) {
            stem = undouble(stem.substring(0, stem.length() - 3));
        } else if (stem.endsWith("ed") && stem.length() > 4) {
            stem = undouble(stem.substring(0, stem.length() - 2));
        } else if (stem.endsWith("es") && stem.length() > 4 && "sxhz".indexOf(stem.charAt(stem.length() - 3)) >= 0) {
            stem = stem.substring(0, stem.length() - 2);
        } else if (stem.endsWith("s") && !stem.endsWith("ss") && !stem.endsWith("us")) {
            stem = stem.substring(0, stem.length() - 1);
        }
        if (stem.endsWith("e") && stem.length() > 3) {
            stem = stem.substring(0, stem.length() - 1);
        }
        return stem;
    }

    /** {@code word} without a trailing 's. */
    static String withoutPossessive(String word) {
        return word.endsWith("'s") && word.length() > 2 ? word.substring(0, word.length() - 2) : word;
    }

    /** A stem without the doubled consonant an ending left (stopp, stop), but not a doubled l, s or z. */
    private static String undouble(String stem) {
        int n = stem.length();
        if (n > 3 && stem.charAt(n - 1) == stem.charAt(n - 2) && "lsz".indexOf(stem.charAt(n - 1)) < 0) {
            return stem.substring(0, n - 1);
        }
        return stem;
    }
}
