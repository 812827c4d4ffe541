package dev.colony.core.internal.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether two statements differ in a detail an embedding hardly sees: each states a figure the other does not
 * (a number, version, time or duration), or each uses a name the other does not (a project, person, product,
 * identifier, path, host or key). One text may leave a detail out (five retries, retries): only a detail on
 * each side that the other lacks tells two facts apart.
 */
final class DetailCheck {

    /** The shortest word that may be a beginning of a longer name and still be that name (Postgres, PostgreSQL). */
    private static final int NAME_PREFIX = 5;
    /** How many letters longer than such a beginning the name may be. */
    private static final int NAME_SUFFIX = 3;

    private DetailCheck() {
    }

    /** Whether each text states a figure the other does not. */
    static boolean figuresDiffer(Statement a, Statement b) {
        return !unmatchedFigures(a, b).isEmpty() && !unmatchedFigures(b, a).isEmpty();
    }

    /**
     * Whether each text uses a name the other does not. A capitalised word that opens a sentence may be an
     * ordinary word ("Large uploads", "Big uploads"), so it counts only against a name within a sentence.
     */
    static boolean namesDiffer(Statement a, Statement b) {
        List<Statement.Name> first = unmatchedNames(a, b);
        List<Statement.Name> second = unmatchedNames(b, a);
        boolean firstNamed = first.stream().anyMatch(name -> !name.opensSentence());
        boolean secondNamed = second.stream().anyMatch(name -> !name.opensSentence());
        return firstNamed && !second.isEmpty() || secondNamed && !first.isEmpty();
    }

    /**
     * The figures of {@code text} that {@code other} does not state: a duration matches the same duration in
     * any unit (two weeks, 14 days), and a bare number matches it with or without a unit (30, 30 minutes).
     */
    private static List<Statement.Figure> unmatchedFigures(Statement text, Statement other) {
        List<Statement.Figure> unmatched = new ArrayList<>();
        for (Statement.Figure figure : text.figures()) {
            boolean matched = false;
            for (Statement.Figure candidate : other.figures()) {
                matched |= figure.millis() != null && candidate.millis() != null
                        ? figure.millis().compareTo(candidate.millis()) == 0
                        : figure.number().equals(candidate.number());
            }
            if (!matched) {
                unmatched.add(figure);
            }
        }
        return unmatched;
    }

    /** The names of {@code text} that {@code other} does not use, in any case, form or common short form. */
    private static List<Statement.Name> unmatchedNames(Statement text, Statement other) {
        List<Statement.Name> unmatched = new ArrayList<>();
        for (Statement.Name name : text.names()) {
            if (!uses(other, name)) {
                unmatched.add(name);
            }
        }
        return unmatched;
    }

    private static boolean uses(Statement text, Statement.Name name) {
        String written = Lexicon.writtenOut(name.text());
        if (text.hasChunk(name.text()) || text.hasWords(name.text()) || text.hasChunk(written)
                || text.hasWords(written)) {
            return true;
        }
        if (name.compound()) {
            return false;
        }
        String key = Lexicon.key(name.text());
        for (Statement.Word word : text.words()) {
            if (word.key().equals(key) || prefixed(word.text(), name.text())) {
                return true;
            }
        }
        return false;
    }

    /** Whether one word begins the other and is at most a few letters shorter (Postgres, PostgreSQL). */
    private static boolean prefixed(String a, String b) {
        String shorter = a.length() <= b.length() ? a : b;
        String longer = a.length() <= b.length() ? b : a;
        return shorter.length() >= NAME_PREFIX && longer.length() - shorter.length() <= NAME_SUFFIX
                && longer.startsWith(shorter);
    }
}
