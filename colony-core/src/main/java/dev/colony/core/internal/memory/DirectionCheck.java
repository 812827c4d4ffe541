package dev.colony.core.internal.memory;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether two statements with much the same words say opposite things by their order: A calls B against B calls
 * A, from X to Y against from Y to X, X before Y against X after Y, or a passive that names as the doer what the
 * other text names as the one done to. A rewording that keeps the meaning while it turns the order around is
 * let through: a passive (B is called by A), "is" (X is Y, Y is X), a list (A and B), or a converse with its
 * sides swapped (X before Y, Y after X).
 */
final class DirectionCheck {

    /**
     * Words whose sides swap in a rewording that keeps the meaning, by key: "migrations run before the app
     * starts" is "the app starts after migrations run"; with the sides in the same order they are opposites.
     */
    private static final Map<String, String> CONVERSES = SwapCheck.keys(Map.of("before", "after", "ahead", "behind",
            "above", "below", "earlier", "later", "precede", "follow", "older", "newer"));
    /** Small words whose place tells which way a statement goes (A before B, from A to B). */
    private static final Set<String> DIRECTION_WORDS = Set.of("before", "after", "to", "into", "onto", "from", "than",
            "behind", "ahead", "above", "below");
    private static final Set<String> TARGETS = Set.of("to", "into", "onto", "towards");
    private static final Set<String> PASSIVE_MARKERS = Set.of("is", "are", "was", "were", "be", "been", "being",
            "get", "gets", "got", "gotten");
    private static final Set<String> ARTICLES = Set.of("a", "an", "the", "its", "their", "our", "this", "that",
            "these", "those");
    /** The longest texts whose parts are compared place by place; longer ones are not short facts. */
    private static final int MAX_WORDS = 64;

    private DirectionCheck() {
    }

    /** Whether one text has a converse (before, after) and the other its counterpart with the sides unchanged. */
    static boolean conversed(Statement a, Statement b) {
        Set<String> first = keys(a);
        Set<String> second = keys(b);
        for (Map.Entry<String, String> pair : CONVERSES.entrySet()) {
            String one = pair.getKey();
            String other = pair.getValue();
            if (SwapCheck.swapped(first, second, one, other)
                    && !(turned(a, one, b, other) || turned(a, other, b, one))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the texts are word for word the same but for two parts that changed places around a middle that
     * directs them (a verb, a direction word); or whether "from X to Y" in one is "from Y to X" in the other; or
     * whether a passive in one names as the doer what the active in the other names as the one done to.
     */
    static boolean reversed(Statement a, Statement b) {
        return exchanged(a.words(), b.words()) || fromTo(a, b) || voiceTurned(a, b) || voiceTurned(b, a);
    }

    /** Whether {@code second} is {@code first} with two parts around a directing middle exchanged: X M Y, Y M X. */
    private static boolean exchanged(List<Statement.Word> first, List<Statement.Word> second) {
        if (first.size() != second.size() || first.size() > MAX_WORDS) {
            return false;
        }
        int start = 0;
        while (start < first.size() && same(first, start, second, start, 1)) {
            start++;
        }
        int end = first.size() - 1;
        while (end > start && same(first, end, second, end, 1)) {
            end--;
        }
        for (int x = 1; x < end - start; x++) {
            for (int y = 1; x + y <= end - start; y++) {
                int middle = end - start + 1 - x - y;
                if (same(first, start, second, end - x + 1, x) && same(first, end - y + 1, second, start, y)
                        && same(first, start + x, second, start + y, middle)
                        && directs(first.subList(start + x, start + x + middle))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean same(List<Statement.Word> a, int from, List<Statement.Word> b, int at, int count) {
        for (int i = 0; i < count; i++) {
            if (!a.get(from + i).key().equals(b.get(at + i).key())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a middle gives its sides two roles: a meaningful word outside a list, or a direction word. */
    private static boolean directs(List<Statement.Word> middle) {
        return middle.stream().anyMatch(word -> word.meaningful() && !word.listed()
                || DIRECTION_WORDS.contains(word.text()));
    }

    /** Whether "from X to Y" in one text is "from Y to X" in the other. */
    private static boolean fromTo(Statement a, Statement b) {
        String fromA = after(a, Set.of("from"));
        String toA = after(a, TARGETS);
        String fromB = after(b, Set.of("from"));
        String toB = after(b, TARGETS);
        return fromA != null && toA != null && !fromA.equals(toA) && fromA.equals(toB) && toA.equals(fromB);
    }

    /** The key of the first meaningful word or figure after the first of {@code markers}, or {@code null}. */
    private static String after(Statement text, Set<String> markers) {
        List<Statement.Word> words = text.words();
        for (int i = 0; i < words.size(); i++) {
            if (markers.contains(words.get(i).text())) {
                for (int j = i + 1; j < words.size(); j++) {
                    if (words.get(j).meaningful() || words.get(j).figure()) {
                        return words.get(j).key();
                    }
                }
                return null;
            }
        }
        return null;
    }

    /**
     * Whether a passive in {@code a} ("the ledger is called by the billing service") names as the doer what
     * {@code b}, in the active with the same verb, names right after the verb as the one done to ("the ledger
     * calls the billing service"), and not before it.
     */
    private static boolean voiceTurned(Statement a, Statement b) {
        for (Statement.Word verb : a.words()) {
            Statement.Word active = verb.meaningful() && passive(a, verb) ? only(b, verb.key()) : null;
            if (active == null || passive(b, active)) {
                continue;
            }
            Set<String> doer = phrase(a, by(a, verb));
            for (int i = 0; i < verb.at(); i++) {
                doer.remove(a.words().get(i).key());
            }
            if (!doer.isEmpty() && !intersect(doer, sides(b, active).get(0))
                    && intersect(doer, phrase(b, active.at()))) {
                return true;
            }
        }
        return false;
    }

    /** The place of the first "by" after {@code verb}, or the end of the text. */
    private static int by(Statement text, Statement.Word verb) {
        int by = verb.at() + 1;
        while (by < text.words().size() && !text.words().get(by).text().equals("by")) {
            by++;
        }
        return by;
    }

    /**
     * The keys of the meaningful words and figures of the phrase after place {@code at}, up to the next small
     * word other than an article ("by the billing service", "calls the ledger service").
     */
    private static Set<String> phrase(Statement text, int at) {
        Set<String> phrase = new HashSet<>();
        for (int i = at + 1; i < text.words().size(); i++) {
            Statement.Word word = text.words().get(i);
            if (word.meaningful() || word.figure()) {
                phrase.add(word.key());
            } else if (!ARTICLES.contains(word.text())) {
                break;
            }
        }
        return phrase;
    }

    /** Whether {@code word} stands in a passive: right after a form of "be" or "get", perhaps one word between. */
    private static boolean passive(Statement text, Statement.Word word) {
        List<Statement.Word> words = text.words();
        int at = word.at();
        return at > 0 && PASSIVE_MARKERS.contains(words.get(at - 1).text())
                || at > 1 && PASSIVE_MARKERS.contains(words.get(at - 2).text());
    }

    /**
     * Whether {@code a}'s text around its word {@code pivot} and {@code b}'s around {@code converse} say the same
     * with their sides swapped ("X before Y", "Y after X"); each must hold its word once.
     */
    private static boolean turned(Statement a, String pivot, Statement b, String converse) {
        Statement.Word first = only(a, pivot);
        Statement.Word second = only(b, converse);
        if (first == null || second == null) {
            return false;
        }
        List<Set<String>> sidesA = sides(a, first);
        List<Set<String>> sidesB = sides(b, second);
        return intersect(sidesA.get(0), sidesB.get(1)) && intersect(sidesA.get(1), sidesB.get(0));
    }

    /** The one word of {@code text} with {@code key}, or {@code null} when there is none or more than one. */
    private static Statement.Word only(Statement text, String key) {
        Statement.Word only = null;
        for (Statement.Word word : text.words()) {
            if (word.key().equals(key)) {
                if (only != null) {
                    return null;
                }
                only = word;
            }
        }
        return only;
    }

    /**
     * The keys of the meaningful words and figures on each side of {@code pivot} (left, right), each without
     * those on both sides; swapped when the pivot stands in a passive ("is called").
     */
    private static List<Set<String>> sides(Statement text, Statement.Word pivot) {
        Set<String> left = new HashSet<>();
        Set<String> right = new HashSet<>();
        for (Statement.Word word : text.words()) {
            if (word.at() != pivot.at() && (word.meaningful() || word.figure())) {
                (word.at() < pivot.at() ? left : right).add(word.key());
            }
        }
        Set<String> both = new HashSet<>(left);
        both.retainAll(right);
        left.removeAll(both);
        right.removeAll(both);
        return passive(text, pivot) ? List.of(right, left) : List.of(left, right);
    }

    private static boolean intersect(Set<String> a, Set<String> b) {
        return a.stream().anyMatch(b::contains);
    }

    private static Set<String> keys(Statement text) {
        Set<String> keys = new HashSet<>();
        text.words().forEach(word -> keys.add(word.key()));
        return keys;
    }
}
