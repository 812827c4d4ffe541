package dev.colony.search.lucene;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Reduces English contractions and possessives to the word they are built on, so that
 * {@code didn't}, {@code she's}, {@code we'll}, {@code I've} and {@code Tom's} index as {@code did},
 * {@code she}, {@code we}, {@code I} and {@code Tom}, and the stop list then drops the function words.
 *
 * <p>Without it a contraction became three terms (the whole token and its two halves, such as
 * {@code didn't}, {@code didn}, {@code t}) that matched nothing a user types in another form, and a
 * possessive name counted twice, as {@code tom's} and {@code tom}. Typographic apostrophes
 * ({@code ’}, {@code ʼ}) count as apostrophes. A token whose part after the last apostrophe is not a
 * known ending ({@code O'Brien}, {@code rock'n'roll}) is left alone.
 */
final class ContractionFilter extends TokenFilter {

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);

    ContractionFilter(TokenStream in) {
        super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
        if (!input.incrementToken()) {
            return false;
        }
        char[] chars = term.buffer();
        int length = term.length();
        for (int i = 0; i < length; i++) {
            if (isApostrophe(chars[i])) {
                chars[i] = '\'';
            }
        }
        // Stacked endings ("we'd've") come off one at a time, from the last.
        while (true) {
            int apostrophe = lastApostrophe(chars, length);
            int stemmed = apostrophe > 0 ? stem(chars, apostrophe, length) : length;
            if (stemmed == length) {
                break;
            }
            length = stemmed;
        }
        term.setLength(length);
        return true;
    }

    /** The length of the term once the ending after the apostrophe at {@code at} is removed. */
    private static int stem(char[] chars, int at, int length) {
        int ending = length - at - 1;
        if (ending == 1 && (lower(chars[at + 1]) == 's' || lower(chars[at + 1]) == 'd' || lower(chars[at + 1]) == 'm')) {
            return at;
        }
        if (ending == 2 && (endsWith(chars, at, "re") || endsWith(chars, at, "ve") || endsWith(chars, at, "ll"))) {
            return at;
        }
        if (ending == 1 && lower(chars[at + 1]) == 't' && at >= 2 && lower(chars[at - 1]) == 'n') {
            // n't: "didn't" -> "did"; "can't" -> "can", "won't" -> "will", "shan't" -> "shall".
            int base = at - 1;
            if (base == 2 && lower(chars[0]) == 'c' && lower(chars[1]) == 'a') {
                return 3; // "can" (the n is the word's own)
            }
            if (base == 2 && lower(chars[0]) == 'w' && lower(chars[1]) == 'o') {
                return replace(chars, "will");
            }
            if (base == 3 && lower(chars[0]) == 's' && lower(chars[1]) == 'h' && lower(chars[2]) == 'a') {
                return replace(chars, "shall");
            }
            return base;
        }
        return length;
    }

    private static int lastApostrophe(char[] chars, int length) {
        for (int i = length - 1; i >= 0; i--) {
            if (chars[i] == '\'') {
                return i;
            }
        }
        return -1;
    }

    private static boolean endsWith(char[] chars, int at, String ending) {
        return lower(chars[at + 1]) == ending.charAt(0) && lower(chars[at + 2]) == ending.charAt(1);
    }

    private static int replace(char[] chars, String word) {
        // Only called for tokens at least as long as the word ("won't", "shan't").
        word.getChars(0, word.length(), chars, 0);
        return word.length();
    }

    private static char lower(char c) {
        return Character.toLowerCase(c);
    }

    private static boolean isApostrophe(char c) {
        return c == '\'' || c == '\u2019' || c == '\u02bc';
    }
}
