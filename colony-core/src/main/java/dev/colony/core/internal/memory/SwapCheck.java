package dev.colony.core.internal.memory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether two statements differ by a word put in place of another: a qualifier against its opposite (enabled,
 * disabled; increase, decrease), or one or two words for others where the rest stays (the orders table, the
 * payments table). An embedding rates such texts nearly the same; a rewording changes more than that, or
 * changes only its verb.
 */
final class SwapCheck {

    /** Qualifiers that turn one statement into another when swapped, by key; checked both ways. */
    private static final Map<String, String> OPPOSITES = keys(Map.ofEntries(
            Map.entry("mandatory", "optional"), Map.entry("required", "optional"), Map.entry("enabled", "disabled"),
            Map.entry("enable", "disable"), Map.entry("allowed", "forbidden"), Map.entry("allow", "deny"),
            Map.entry("always", "never"), Map.entry("only", "every"), Map.entry("public", "private"),
            Map.entry("internal", "external"), Map.entry("sync", "async"), Map.entry("synchronous", "asynchronous"),
            Map.entry("include", "exclude"), Map.entry("increase", "decrease"), Map.entry("minimum", "maximum"),
            Map.entry("min", "max"), Map.entry("read", "write"), Map.entry("production", "staging"),
            Map.entry("backend", "frontend"), Map.entry("server", "client"), Map.entry("accept", "reject"),
            Map.entry("add", "remove"), Map.entry("up", "down"), Map.entry("upgrade", "downgrade"),
            Map.entry("upload", "download"), Map.entry("higher", "lower"), Map.entry("more", "less"),
            Map.entry("most", "least"), Map.entry("larger", "smaller"), Map.entry("longer", "shorter"),
            Map.entry("faster", "slower"), Map.entry("ascending", "descending"), Map.entry("start", "stop"),
            Map.entry("open", "close"), Map.entry("push", "pull"), Map.entry("import", "export"),
            Map.entry("input", "output"), Map.entry("inbound", "outbound"), Map.entry("upstream", "downstream"),
            Map.entry("encrypt", "decrypt"), Map.entry("lock", "unlock"), Map.entry("success", "failure"),
            Map.entry("true", "false"), Map.entry("first", "last"), Map.entry("newest", "oldest"),
            Map.entry("left", "right"), Map.entry("leader", "follower"), Map.entry("inside", "outside"),
            Map.entry("valid", "invalid")));
    /** At most how many words in a row may stand in place of others. */
    private static final int REPLACED = 2;
    /** At least how many meaningful words must stay for a replacement to be one, not a rewording. */
    private static final int KEPT = 2;

    private SwapCheck() {
    }

    /** Whether one text holds a qualifier and the other its opposite (and neither both). */
    static boolean opposed(Statement a, Statement b) {
        Set<String> first = keys(a);
        Set<String> second = keys(b);
        for (Map.Entry<String, String> pair : OPPOSITES.entrySet()) {
            if (swapped(first, second, pair.getKey(), pair.getValue())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code first} holds {@code one} and not {@code other}, and {@code second} the reverse, or so swapped. */
    static boolean swapped(Set<String> first, Set<String> second, String one, String other) {
        return first.contains(one) && second.contains(other) && !first.contains(other) && !second.contains(one)
                || first.contains(other) && second.contains(one) && !first.contains(one) && !second.contains(other);
    }

    /**
     * Whether the texts are the same meaningful words but for one or two words put in place of one or two
     * others: in place, word for word before and after; or, in whatever order, when a replaced word on each
     * side names a thing (a word right after an article or a preposition: "the marketing service sends the
     * emails", "the emails are sent by the notification service"). A verb put for another in a reordered text
     * is taken for a rewording.
     */
    static boolean replaced(Statement a, Statement b) {
        return replacedInPlace(meaningful(a), meaningful(b)) || thingReplaced(a, b);
    }

    private static boolean replacedInPlace(List<Statement.Word> first, List<Statement.Word> second) {
        int prefix = 0;
        while (prefix < first.size() && prefix < second.size()
                && first.get(prefix).key().equals(second.get(prefix).key())) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < first.size() - prefix && suffix < second.size() - prefix && first.get(first.size() - 1 - suffix)
                .key().equals(second.get(second.size() - 1 - suffix).key())) {
            suffix++;
        }
        List<Statement.Word> onlyFirst = first.subList(prefix, first.size() - suffix);
        List<Statement.Word> onlySecond = second.subList(prefix, second.size() - suffix);
        Set<String> firstKeys = new HashSet<>();
        onlyFirst.forEach(word -> firstKeys.add(word.key()));
        boolean moved = onlySecond.stream().anyMatch(word -> firstKeys.contains(word.key()));
        return !moved && prefix + suffix >= KEPT && between(onlyFirst.size()) && between(onlySecond.size());
    }

    private static boolean thingReplaced(Statement a, Statement b) {
        Map<String, List<Statement.Word>> unmatched = new HashMap<>();
        for (Statement.Word word : meaningful(a)) {
            unmatched.computeIfAbsent(word.key(), key -> new ArrayList<>()).add(word);
        }
        List<Statement.Word> onlySecond = new ArrayList<>();
        int kept = 0;
        for (Statement.Word word : meaningful(b)) {
            List<Statement.Word> same = unmatched.get(word.key());
            if (same == null || same.isEmpty()) {
                onlySecond.add(word);
            } else {
                same.remove(0);
                kept++;
            }
        }
        List<Statement.Word> onlyFirst = unmatched.values().stream().flatMap(List::stream).toList();
        return kept >= KEPT && names(onlyFirst) && names(onlySecond);
    }

    /** Whether {@code words} are one or two, at least one of them a thing. */
    private static boolean names(List<Statement.Word> words) {
        return between(words.size()) && words.stream().anyMatch(Statement.Word::thing);
    }

    private static boolean between(int replaced) {
        return replaced >= 1 && replaced <= REPLACED;
    }

    private static List<Statement.Word> meaningful(Statement text) {
        return text.words().stream().filter(Statement.Word::meaningful).toList();
    }

    private static Set<String> keys(Statement text) {
        Set<String> keys = new HashSet<>();
        text.words().forEach(word -> keys.add(word.key()));
        return keys;
    }

    /** {@code words} by the keys of their words, one way. */
    static Map<String, String> keys(Map<String, String> words) {
        Map<String, String> keys = new HashMap<>();
        words.forEach((one, other) -> keys.put(Lexicon.key(one), Lexicon.key(other)));
        return Map.copyOf(keys);
    }
}
