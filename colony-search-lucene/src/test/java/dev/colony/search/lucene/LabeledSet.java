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
 * A labeled retrieval set from the test resources in {@code quality/}: entries (each stored as one
 * memory) and queries whose relevant entries are named. An entry id is {@code <group>.<n>}; the group is
 * the dialog session for the dialog set and the topic for the agent-memory set.
 *
 * @param entries entry id to the text stored as a memory
 * @param queries the queries in file order
 */
record LabeledSet(Map<String, String> entries, List<Query> queries) {

    /**
     * One query.
     *
     * @param text the query as an agent or a user types it
     * @param relevant the entries that answer it
     */
    record Query(String text, Set<String> relevant) {

        /** The groups of the relevant entries. */
        Set<String> groups() {
            Set<String> groups = new LinkedHashSet<>();
            relevant.forEach(entry -> groups.add(group(entry)));
            return groups;
        }
    }

    /**
     * Invented multi-session conversations, one memory per dialog turn ({@code Speaker: words}); a
     * question's group is the session it was talked about in.
     */
    static LabeledSet dialogs() {
        return load("quality/dialogs.txt", "quality/questions.txt");
    }

    /**
     * More invented dialogs (other people, other sessions), with questions asked in words the answering turn
     * mostly does not use: training data for {@link LearnedFusion} beside {@link #dialogs()}.
     */
    static LabeledSet dialogsMore() {
        return load("quality/dialogs-more.txt", "quality/questions-more.txt");
    }

    /**
     * The agent memories asked a third way, paraphrases sharing few words with their targets, written for
     * training {@link LearnedFusion} beside {@link #agentMemories()}.
     */
    static LabeledSet agentMemoriesMore() {
        return load("quality/agent-memories.txt", "quality/agent-queries-more.txt");
    }

    /**
     * Invented memories of coding agents on one product (decisions, failed approaches, paths, facts about
     * code, notes from conversations), and queries that paraphrase their targets.
     */
    static LabeledSet agentMemories() {
        return load("quality/agent-memories.txt", "quality/agent-queries.txt");
    }

    /**
     * The agent memories with the same targets asked again avoiding the names and terms they use (about
     * one search term shared with a target, against two): how far meaning alone carries.
     */
    static LabeledSet agentMemoriesReworded() {
        return load("quality/agent-memories.txt", "quality/agent-queries-reworded.txt");
    }

    /**
     * How many search terms a query shares with one of its relevant entries, on average over all such
     * pairs, as the index's analyzer sees them (stop words dropped, words stemmed): the measure of how far a
     * set's queries paraphrase.
     */
    double meanSharedTerms() {
        QueryPlanner planner = new QueryPlanner(new MemoryAnalyzer(), LuceneSearch.RESULT_DEMOTION);
        long shared = 0;
        long pairs = 0;
        for (Query query : queries) {
            Set<String> asked = new LinkedHashSet<>(planner.terms(query.text()));
            for (String entry : query.relevant()) {
                shared += planner.terms(entries.get(entry)).stream().filter(asked::contains).count();
                pairs++;
            }
        }
        return (double) shared / pairs;
    }

    /** The group of an entry id: the part before the dot. */
    static String group(String entry) {
        return entry.substring(0, entry.indexOf('.'));
    }

    private static LabeledSet load(String entriesResource, String queriesResource) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String line : lines(entriesResource)) {
            int space = line.indexOf(' ');
            if (entries.put(line.substring(0, space), line.substring(space + 1)) != null) {
                throw new IllegalStateException("entry id used twice: " + line);
            }
        }
        List<Query> queries = new ArrayList<>();
        for (String line : lines(queriesResource)) {
            int bar = line.indexOf('|');
            Set<String> relevant = new LinkedHashSet<>();
            for (String entry : line.substring(0, bar).trim().split(",")) {
                if (!entries.containsKey(entry)) {
                    throw new IllegalStateException("query names an unknown entry " + entry + ": " + line);
                }
                relevant.add(entry);
            }
            queries.add(new Query(line.substring(bar + 1).trim(), relevant));
        }
        return new LabeledSet(entries, queries);
    }

    private static List<String> lines(String resource) {
        List<String> lines = new ArrayList<>();
        try (InputStream in = LabeledSet.class.getResourceAsStream(resource)) {
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
