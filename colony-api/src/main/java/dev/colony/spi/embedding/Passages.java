package dev.colony.spi.embedding;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The passages of a memory that are embedded on their own besides its whole content: its sentences. A memory
 * that says several things is then found by meaning through the one sentence a query is about, where its whole
 * embedding averages that sentence with the others. A memory of one sentence has no passages (its whole
 * embedding is that sentence's). Sentences are cut at line breaks and where {@link BreakIterator} ends a
 * sentence; fragments of fewer than {@value #MIN_CHARACTERS} letters or digits ("Yes!", a list bullet) are
 * skipped, and at most {@value #MAX_PASSAGES} are kept, the first ones, so that a long memory costs a bounded
 * number of embeddings.
 */
public final class Passages {

    /** The most passages of one memory. */
    public static final int MAX_PASSAGES = 16;
    /** The fewest letters or digits of a passage. */
    public static final int MIN_CHARACTERS = 12;

    private Passages() {
    }

    /** The passages of {@code content}, in order; none when it holds fewer than two. */
    public static List<String> of(String content) {
        List<String> passages = new ArrayList<>();
        BreakIterator sentences = BreakIterator.getSentenceInstance(Locale.ROOT);
        for (String line : content.split("\\R")) {
            sentences.setText(line);
            int start = sentences.first();
            for (int end = sentences.next(); end != BreakIterator.DONE && passages.size() < MAX_PASSAGES;
                    start = end, end = sentences.next()) {
                String sentence = line.substring(start, end).strip();
                if (substantial(sentence)) {
                    passages.add(sentence);
                }
            }
            if (passages.size() == MAX_PASSAGES) {
                break;
            }
        }
        return passages.size() < 2 ? List.of() : List.copyOf(passages);
    }

    private static boolean substantial(String sentence) {
        int count = 0;
        for (int i = 0; i < sentence.length() && count < MIN_CHARACTERS; i++) {
            if (Character.isLetterOrDigit(sentence.charAt(i))) {
                count++;
            }
        }
        return count >= MIN_CHARACTERS;
    }
}
