package dev.colony.core.internal.memory;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One memory's text read for what tells two statements of a fact apart, for the duplicate check: its words in
 * order (each with a key that its other forms share, and whether it carries meaning or only holds the sentence
 * together), the figures it states (numbers, versions, times, durations), the names it uses (capitalised words,
 * identifiers, paths, hosts, keys) and whether it is negated. The words it knows are the {@link Lexicon}'s.
 */
final class Statement {

    /**
     * A figure the text states.
     *
     * @param number the number, normalised: no leading v or zeros, no thousands separators, a full hour as its
     *     number ({@code 02:00} is {@code 2}, {@code 2 pm} is {@code 14}); a version keeps its dots
     * @param millis the duration in milliseconds when a unit of time follows the number, else {@code null}
     */
    record Figure(String number, BigDecimal millis) {
    }

    /**
     * A name the text uses.
     *
     * @param text the name as written, lower-cased, without a possessive ending
     * @param compound whether it is an identifier, path, host or key (digits or punctuation inside) rather than
     *     a word
     * @param opensSentence whether it is a capitalised word that opens a sentence, so maybe an ordinary word
     */
    record Name(String text, boolean compound, boolean opensSentence) {
    }

    /**
     * A word of the text.
     *
     * @param text the word, lower-cased, without a possessive ending
     * @param key what its other forms share ({@link Lexicon#key})
     * @param meaningful whether it carries meaning: not a small word, a negation or a figure
     * @param figure whether it is a figure
     * @param listed whether it stands in a list (next to a comma, "and" or "or"), so its place says nothing
     * @param thing whether it names a thing rather than an action, as far as its place tells: right after an
     *     article, a preposition or a possessive
     * @param at its place among the text's words, from 0
     */
    record Word(String text, String key, boolean meaningful, boolean figure, boolean listed, boolean thing, int at) {
    }

    /** Figures (a version may have a leading v), then words, perhaps with an apostrophe (don't, Kelvaro's). */
    private static final Pattern WORD = Pattern.compile("[vV]?\\d+(?:[.,:]\\d+)*|[\\p{L}\\p{N}_]+(?:['’]\\p{L}+)?");
    private static final Pattern FIGURE = Pattern.compile("[vV]?\\d+(?:[.,:]\\d+)*");
    private static final Pattern DECIMAL = Pattern.compile("\\d{1,12}(?:\\.\\d{1,12})?");
    private static final Pattern HOUR = Pattern.compile("\\d{1,2}");
    private static final Pattern THOUSANDS = Pattern.compile("\\d{1,3}(?:,\\d{3})+");
    private static final Pattern TIME = Pattern.compile("(\\d{1,2}):(\\d{2})");
    /** A chunk that is only a figure, perhaps with a short unit glued on (64MB, 30s, 99.9%). */
    private static final Pattern FIGURE_CHUNK = Pattern.compile("[vV]?\\d+(?:[.,:]\\d+)*[\\p{L}%]{0,3}");
    private static final String OPENING = "\"'([{<“‘`*";
    private static final String CLOSING = ".,;:!?\"')]}>”’`(*";
    private static final String QUOTES = "\"')]}”’";

    private final List<Word> words;
    private final List<Figure> figures;
    private final List<Name> names;
    private final Set<String> chunks;
    private final boolean negated;

    private Statement(List<Word> words, List<Figure> figures, List<Name> names, Set<String> chunks, boolean negated) {
        this.words = words;
        this.figures = figures;
        this.names = names;
        this.chunks = chunks;
        this.negated = negated;
    }

    /** Reads {@code text}. */
    static Statement of(String text) {
        List<String> raw = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        Matcher matcher = WORD.matcher(text);
        int end = 0;
        while (matcher.find()) {
            gaps.add(text.substring(end, matcher.start()));
            raw.add(matcher.group().toLowerCase(Locale.ROOT).replace('’', '\''));
            end = matcher.end();
        }
        gaps.add(text.substring(end));
        List<Word> words = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        boolean negated = false;
        for (int i = 0; i < raw.size(); i++) {
            String word = raw.get(i);
            String previous = i == 0 ? "" : raw.get(i - 1);
            String next = i + 1 < raw.size() ? raw.get(i + 1) : "";
            Figure figure = figure(word, next);
            if (figure != null) {
                figures.add(figure);
            }
            boolean negation = Lexicon.NEGATIONS.contains(word)
                    && !(word.equals("no") && Lexicon.BOUNDS.contains(next));
            negated ^= negation;
            String plain = Lexicon.withoutPossessive(word);
            boolean listed = gaps.get(i).contains(",") || gaps.get(i + 1).contains(",") || gaps.get(i).contains("&")
                    || gaps.get(i + 1).contains("&") || Lexicon.conjunction(previous) || Lexicon.conjunction(next);
            boolean thing = Lexicon.DETERMINERS.contains(previous) || previous.endsWith("'s");
            words.add(new Word(plain, Lexicon.key(plain), figure == null && !negation
                    && !Lexicon.FUNCTION_WORDS.contains(plain), figure != null, listed, thing, i));
        }
        List<Name> names = new ArrayList<>();
        Set<String> chunks = new HashSet<>();
        boolean opensSentence = true;
        for (String chunk : text.split("\\s+")) {
            String core = strip(chunk);
            boolean opens = opensSentence;
            opensSentence = endsSentence(chunk);
            if (!core.isEmpty()) {
                chunks.add(normalised(core));
                Name name = name(core, opens);
                if (name != null) {
                    names.add(name);
                }
            }
        }
        return new Statement(List.copyOf(words), List.copyOf(figures), List.copyOf(names), Set.copyOf(chunks),
                negated);
    }

    List<Word> words() {
        return words;
    }

    List<Figure> figures() {
        return figures;
    }

    List<Name> names() {
        return names;
    }

    /** Whether the text is negated: it holds an odd number of negations. */
    boolean negated() {
        return negated;
    }

    /** Whether the text holds {@code chunk} between spaces (lower-cased and {@linkplain #normalised normalised}). */
    boolean hasChunk(String chunk) {
        return chunks.contains(chunk);
    }

    /** Whether the words of {@code text} stand one after the other among this text's words. */
    boolean hasWords(String text) {
        List<String> parts = new ArrayList<>();
        Matcher matcher = WORD.matcher(text);
        while (matcher.find()) {
            parts.add(Lexicon.withoutPossessive(matcher.group().toLowerCase(Locale.ROOT)));
        }
        for (int i = 0; i + parts.size() <= words.size() && !parts.isEmpty(); i++) {
            boolean all = true;
            for (int j = 0; j < parts.size() && all; j++) {
                all = words.get(i + j).text().equals(parts.get(j));
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** The figure {@code word} states when {@code next} follows it, or {@code null} when it is not a number. */
    private static Figure figure(String word, String next) {
        String number = FIGURE.matcher(word).matches() ? number(word) : Lexicon.NUMBER_WORDS.get(word);
        if (number == null) {
            return null;
        }
        if (next.equals("pm") && HOUR.matcher(number).matches() && Integer.parseInt(number) < 12) {
            number = Integer.toString(Integer.parseInt(number) + 12);
        }
        Long unit = Lexicon.UNIT_MILLIS.get(next);
        BigDecimal millis = unit == null || !DECIMAL.matcher(number).matches() ? null
                : new BigDecimal(number).multiply(BigDecimal.valueOf(unit)).stripTrailingZeros();
        return new Figure(number, millis);
    }

    /** A figure token normalised (see {@link Figure#number}). */
    private static String number(String token) {
        String number = token.startsWith("v") || token.startsWith("V") ? token.substring(1) : token;
        if (THOUSANDS.matcher(number).matches()) {
            number = number.replace(",", "");
        }
        Matcher time = TIME.matcher(number);
        if (time.matches()) {
            String hour = Integer.toString(Integer.parseInt(time.group(1)));
            return time.group(2).equals("00") ? hour : hour + ":" + time.group(2);
        }
        return number.chars().allMatch(Character::isDigit) ? number.replaceFirst("^0+(?=.)", "") : number;
    }

    /** A whitespace-separated chunk without the punctuation around it and a possessive ending. */
    private static String strip(String chunk) {
        int start = 0;
        int end = chunk.length();
        while (start < end && OPENING.indexOf(chunk.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && CLOSING.indexOf(chunk.charAt(end - 1)) >= 0) {
            end--;
        }
        String core = chunk.substring(start, end);
        return core.endsWith("'s") || core.endsWith("’s") ? core.substring(0, core.length() - 2) : core;
    }

    /** A chunk lower-cased, without a leading ./ or a trailing slash, so that a path is one key however written. */
    static String normalised(String core) {
        String key = core.toLowerCase(Locale.ROOT);
        if (key.startsWith("./")) {
            key = key.substring(2);
        }
        while (key.length() > 1 && key.endsWith("/")) {
            key = key.substring(0, key.length() - 1);
        }
        return key;
    }

    private static boolean endsSentence(String chunk) {
        int end = chunk.length();
        while (end > 0 && QUOTES.indexOf(chunk.charAt(end - 1)) >= 0) {
            end--;
        }
        return end > 0 && ".!?:;".indexOf(chunk.charAt(end - 1)) >= 0;
    }

    /** The name {@code core} is, or {@code null} when it is an ordinary word, a figure or punctuation. */
    private static Name name(String core, boolean opensSentence) {
        if (core.codePoints().noneMatch(Character::isLetter) || FIGURE_CHUNK.matcher(core).matches()) {
            return null;
        }
        String lower = core.toLowerCase(Locale.ROOT);
        if (Lexicon.FUNCTION_WORDS.contains(lower) || Lexicon.NEGATIONS.contains(lower)) {
            return null;
        }
        boolean compound = false;
        boolean innerCapital = false;
        for (int i = 0; i < core.length(); i++) {
            char c = core.charAt(i);
            compound |= Character.isDigit(c) || "/\\_#@$%~-".indexOf(c) >= 0 || c == '.' || c == ':';
            innerCapital |= i > 0 && Character.isUpperCase(c);
        }
        if (compound) {
            return new Name(normalised(core), true, false);
        }
        if (innerCapital || Character.isUpperCase(core.charAt(0))) {
            return new Name(lower, false, opensSentence && !innerCapital);
        }
        return null;
    }
}
