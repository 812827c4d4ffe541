package dev.colony.search.lucene;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The labeled retrieval set in {@code quality/}: invented multi-session dialogs (one memory per turn)
 * and questions whose answers sit in named turns.
 *
 * @param turns turn id ({@code s03.14}) to the turn's text as it is stored ({@code Speaker: words})
 * @param questions the questions in file order
 */
record LabeledDialogs(Map<String, String> turns, List<Question> questions) {

    /**
     * One question.
     *
     * @param text the question as a user asks it
     * @param answers the turns that answer it
     */
    record Question(String text, Set<String> answers) {

        /** The sessions of the answer turns. */
        Set<String> sessions() {
            Set<String> sessions = new LinkedHashSet<>();
            answers.forEach(turn -> sessions.add(session(turn)));
            return sessions;
        }
    }

    /** The session of a turn id: the part before the dot. */
    static String session(String turn) {
        return turn.substring(0, turn.indexOf('.'));
    }

    /** Loads the set from the test resources. */
    static LabeledDialogs load() {
        Map<String, String> turns = new LinkedHashMap<>();
        for (String line : lines("quality/dialogs.txt")) {
            int space = line.indexOf(' ');
            turns.put(line.substring(0, space), line.substring(space + 1));
        }
        List<Question> questions = new ArrayList<>();
        for (String line : lines("quality/questions.txt")) {
            int bar = line.indexOf('|');
            Set<String> answers = new LinkedHashSet<>();
            for (String turn : line.substring(0, bar).trim().split(",")) {
                if (!turns.containsKey(turn)) {
                    throw new IllegalStateException("question names an unknown turn " + turn + ": " + line);
                }
                answers.add(turn);
            }
            questions.add(new Question(line.substring(bar + 1).trim(), answers));
        }
        return new LabeledDialogs(turns, questions);
    }

    private static List<String> lines(String resource) {
        List<String> lines = new ArrayList<>();
        try (InputStream in = LabeledDialogs.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }
}
