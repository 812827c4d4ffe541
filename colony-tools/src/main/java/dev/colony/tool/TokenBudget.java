package dev.colony.tool;

import java.util.List;
import java.util.function.BiFunction;

/**
 * How many tokens a result costs an agent, estimated the same way everywhere: the larger of its word
 * count and a quarter of its characters, over the result as it travels (JSON with wire names). Compact
 * tools use it to stay within their budget and to report {@code estimated_tokens_returned}.
 */
public final class TokenBudget {

    private TokenBudget() {
    }

    /** The estimated tokens of {@code result} written as the tool's JSON text. */
    public static int estimate(Record result) {
        return estimate(ResultJson.of(result));
    }

    /** The estimated tokens of {@code text}: max(words, characters / 4), words being runs of letters or digits. */
    public static int estimate(String text) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean letter = c < 128 ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    : Character.isLetterOrDigit(c);
            if (letter && !inWord) {
                words++;
            }
            inWord = letter;
        }
        return Math.max(words, (text.length() + 3) / 4);
    }

    /**
     * Builds a result that fits in {@code maxTokens}: while it does not, drops the last item of the longest
     * list of {@code trimmable} (on a tie, the one of lowest priority, listed first), so that every bucket
     * keeps its best items rather than one bucket emptying. Dropping is planned from each item's own
     * estimate, then the built result is estimated whole (and trimmed further if the plan fell short).
     *
     * @param trimmable mutable lists the builder reads, lowest priority first
     * @param build builds the result from the number of items dropped so far and the token estimate to
     *     report (0 on a draft)
     * @return the result, whose reported estimate is its own
     */
    public static <R extends Record> R fit(int maxTokens, List<? extends List<?>> trimmable,
            BiFunction<Integer, Integer, R> build) {
        int dropped = 0;
        while (true) {
            int tokens = estimate(build.apply(dropped, 0));
            if (tokens <= maxTokens) {
                return finished(build, dropped, tokens);
            }
            int planned = tokens;
            boolean any = false;
            while (planned > maxTokens) {
                List<?> next = longest(trimmable);
                if (next == null) {
                    break;
                }
                // The item's own text plus the comma that joined it to its neighbour.
                planned -= estimate(ResultJson.of(next.remove(next.size() - 1))) + 1;
                dropped++;
                any = true;
            }
            if (!any) {
                return finished(build, dropped, tokens);
            }
        }
    }

    private static <R extends Record> R finished(BiFunction<Integer, Integer, R> build, int dropped, int draft) {
        R result = build.apply(dropped, draft);
        int tokens = estimate(result);
        return tokens == draft ? result : build.apply(dropped, tokens);
    }

    private static List<?> longest(List<? extends List<?>> lists) {
        List<?> longest = null;
        for (List<?> list : lists) {
            if (!list.isEmpty() && (longest == null || list.size() > longest.size())) {
                longest = list;
            }
        }
        return longest;
    }

    /**
     * The budget note of a compact result.
     *
     * @param itemsAvailable items that matched before compaction
     * @param itemsReturned items included
     * @param collapsedCount items left out
     * @param estimatedTokensReturned the estimate of the whole result
     * @param hydrateWith the tool that expands what was left out or shown compactly
     * @param whyCollapsed why the result stayed compact, or {@code null} when nothing was left out
     */
    @ExplainedOnce
    public record Budget(int itemsAvailable, int itemsReturned, int collapsedCount, int estimatedTokensReturned,
            String hydrateWith, @Nullable String whyCollapsed) {
    }
}
