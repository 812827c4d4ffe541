package dev.colony.search.lucene;

import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;
import org.apache.lucene.util.BytesRef;

/**
 * Turns the unified highlighter's match offsets into a plain-text snippet of at most
 * {@link LuceneSearch#SNIPPET_MAX_CHARS} characters.
 *
 * <p>The highlighter is run with one passage covering the whole text, so every match is visible
 * here; the text is the memory's content, and matches past it (in its topics) are left out. The
 * snippet window is the stretch that holds the most distinct query terms (earliest on a tie),
 * widened with context on both sides, cut at word boundaries, with runs of whitespace folded to one
 * space and an ellipsis where text was cut. Without matches, the start of the text is used.
 * Stateless and thread-safe.
 */
final class SnippetFormatter extends PassageFormatter {

    private static final char ELLIPSIS = '\u2026';
    /** Room the chosen match span leaves for context and ellipses. */
    private static final int CONTEXT_RESERVE = 24;

    private final int maxChars;

    SnippetFormatter(int maxChars) {
        if (maxChars < 2 * CONTEXT_RESERVE) {
            throw new IllegalArgumentException("maxChars too small: " + maxChars);
        }
        this.maxChars = maxChars;
    }

    @Override
    public Object format(Passage[] passages, String content) {
        return snippet(passages.length == 0 ? null : passages[0], content);
    }

    /** The snippet for {@code content} that shows the stretch from {@code start} to {@code end} (a sentence). */
    String around(String content, int start, int end) {
        return window(content, start, end, 0);
    }

    /**
     * The snippet for {@code content} around the matches of {@code passage} (may be {@code null}) that lie
     * within it: the text searched may go on past the content (with the memory's topics), which a snippet
     * never shows.
     */
    String snippet(Passage passage, String content) {
        int count = 0;
        while (passage != null && count < passage.getNumMatches()
                && passage.getMatchEnds()[count] <= content.length()) {
            count++;
        }
        if (count == 0) {
            return window(content, 0, 0, 0);
        }
        int[] starts = passage.getMatchStarts();
        int[] ends = passage.getMatchEnds();
        BytesRef[] terms = passage.getMatchTerms();
        int span = maxChars - CONTEXT_RESERVE;

        Map<BytesRef, Integer> inWindow = new HashMap<>();
        int bestFirst = 0;
        int bestLast = 0;
        int bestDistinct = 0;
        int first = 0;
        for (int last = 0; last < count; last++) {
            inWindow.merge(terms[last], 1, Integer::sum);
            while (first < last && ends[last] - starts[first] > span) {
                inWindow.computeIfPresent(terms[first], (term, n) -> n == 1 ? null : n - 1);
                first++;
            }
            if (inWindow.size() > bestDistinct) {
                bestDistinct = inWindow.size();
                bestFirst = first;
                bestLast = last;
            }
        }
        int matchStart = starts[bestFirst];
        int matchEnd = Math.max(matchStart, maxEnd(ends, bestFirst, bestLast));
        return window(content, matchStart, matchEnd, CONTEXT_RESERVE / 2);
    }

    private static int maxEnd(int[] ends, int from, int to) {
        int max = ends[from];
        for (int i = from + 1; i <= to; i++) {
            max = Math.max(max, ends[i]);
        }
        return max;
    }

    /**
     * A window of the text that contains [{@code matchStart}, {@code matchEnd}), with about
     * {@code leadChars} before it when there is room, folded and cut to the maximum length.
     */
    private String window(String content, int matchStart, int matchEnd, int leadChars) {
        int length = content.length();
        matchStart = Math.min(Math.max(0, matchStart), length);
        matchEnd = Math.min(Math.max(matchStart, matchEnd), length);
        int budget = maxChars - 2;
        int start;
        if (matchEnd - matchStart >= budget) {
            start = matchStart;
        } else {
            int spare = budget - (matchEnd - matchStart);
            start = Math.max(0, matchStart - Math.min(leadChars + spare / 3, spare));
            if (start > 0) {
                int wordStart = nextWordStart(content, start, matchStart);
                start = wordStart;
            }
        }
        int end = Math.min(length, start + budget);
        if (end < length) {
            int cut = lastWordEnd(content, Math.max(matchEnd, start + 1), end);
            end = cut;
        }
        if (start > 0 && start < length && Character.isLowSurrogate(content.charAt(start))) {
            start++;
        }
        if (end < length && end > start && Character.isHighSurrogate(content.charAt(end - 1))) {
            end--;
        }
        StringBuilder out = new StringBuilder(maxChars);
        if (start > 0) {
            out.append(ELLIPSIS);
        }
        appendFolded(out, content, start, end);
        if (end < length) {
            out.append(ELLIPSIS);
        }
        if (out.length() > maxChars) {
            out.setLength(maxChars - 1);
            out.append(ELLIPSIS);
        }
        return out.toString().strip();
    }

    /** The first word start in [from, limit], or {@code from} when there is none. */
    private static int nextWordStart(String content, int from, int limit) {
        if (!Character.isLetterOrDigit(content.charAt(from - 1))) {
            return from;
        }
        for (int i = from; i < limit; i++) {
            if (Character.isWhitespace(content.charAt(i))) {
                return i + 1;
            }
        }
        return from;
    }

    /** The last whitespace in [min, end) to cut at, or {@code end} when there is none. */
    private static int lastWordEnd(String content, int min, int end) {
        if (Character.isWhitespace(content.charAt(end))) {
            return end;
        }
        for (int i = end - 1; i >= min; i--) {
            if (Character.isWhitespace(content.charAt(i))) {
                return i;
            }
        }
        return end;
    }

    private static void appendFolded(StringBuilder out, String content, int start, int end) {
        boolean space = false;
        for (int i = start; i < end; i++) {
            char c = content.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                space = true;
            } else {
                if (space && out.length() > 0 && out.charAt(out.length() - 1) != ELLIPSIS) {
                    out.append(' ');
                }
                space = false;
                out.append(c);
            }
        }
    }
}
