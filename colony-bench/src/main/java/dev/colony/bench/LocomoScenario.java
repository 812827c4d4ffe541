package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.embedding.onnx.OnnxEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code locomo}: retrieval quality on the public LoCoMo conversations measured from outside, the way agents use
 * the product: the real server ({@code java -jar colony-mcp.jar mcp}) started as a child process on a fresh store
 * for each conversation, spoken to over MCP stdio, every dialog turn written in order as one memory with
 * {@code memory_add} ({@code "<speaker>: <text>"}, type {@code fact}), then each question asked once with
 * {@code search}. Hybrid is {@code search} with default arguments, the vector leg the same with
 * {@code meaning_only}, both on one server with the model; the keyword leg is the same protocol on a second server
 * started with {@code COLONY_EMBEDDING_MODEL=none}. Scored as {@link LocomoScore} says; a turn the server answers
 * as a duplicate is the earlier memory it names.
 *
 * <p>The model loads in the background while the server starts: before the searches are scored, a probe search is
 * repeated until the server answers that it ranks by meaning (at most {@link #MEANING_WAIT}), and a scored search
 * answered by words while meaning was asked is asked again, never scored as hybrid; the note reports both.
 *
 * <p>The data is not Colony's to ship: {@code -D}{@value #DATA_PROPERTY} names the {@code locomo10.json} file or a
 * directory of one JSON file per conversation. {@code -D}{@value EmbeddedAddScenario#MODEL_PROPERTY} names another
 * model than the default (its jar beside the server's, as the server requires). {@code size} is the number of
 * conversations, the first ones in file order. The target is the bar for hybrid search; the ratio is
 * hybrid's turn hit@5 over the keyword leg's, both measured in the same run; the latencies are the searches' round
 * trips, hybrid against keyword.
 *
 * <p>Two variants say what the protocol's own choices change, each a departure from how agents use the product:
 * {@code -D}{@value #FORCE_PROPERTY}{@code =true} stores every turn (no duplicate check), and
 * {@code -D}{@value #SPLIT_PROPERTY}{@code =true} writes each LoCoMo session through a server of its own (a fresh
 * MCP session on the same store), so that no turn's predecessor is the last turn of an earlier session.
 */
final class LocomoScenario implements Scenario {

    /** Names the LoCoMo data: a {@code locomo10.json} file or a directory of one file per conversation. */
    static final String DATA_PROPERTY = "locomo.data";
    /** Stores every turn ({@code memory_add} with {@code force}): what the duplicate check changes. */
    static final String FORCE_PROPERTY = "locomo.force";
    /** A server (an MCP session) per LoCoMo session instead of per conversation: what the context across changes. */
    static final String SPLIT_PROPERTY = "locomo.split.sessions";
    static final double TARGET_TURN_HIT_AT_5 = 0.72;
    static final double TARGET_SESSION_HIT_AT_1 = 0.74;
    /** The longest the scenario waits for a server to rank by meaning. */
    static final Duration MEANING_WAIT = Duration.ofMinutes(2);
    private static final Duration MEANING_POLL = Duration.ofMillis(200);
    private static final String PROBE = "is the model ready";

    @Override
    public String name() {
        return "locomo";
    }

    @Override
    public int defaultSize() {
        return 10;
    }

    @Override
    public boolean runsByDefault() {
        return false;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        List<LocomoData.Conversation> conversations = conversations(size);
        int questions = conversations.stream().mapToInt(conversation -> conversation.questions().size()).sum();
        int skipped = conversations.stream().mapToInt(LocomoData.Conversation::skipped).sum();
        int turns = conversations.stream().mapToInt(conversation -> conversation.turns().size()).sum();
        String model = System.getProperty(EmbeddedAddScenario.MODEL_PROPERTY, "").strip();
        model = model.isEmpty() ? OnnxEmbedder.DEFAULT_MODEL.id() : model;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jar = McpStartScenario.serverJar().toString();
        boolean force = Boolean.getBoolean(FORCE_PROPERTY);
        boolean splitSessions = Boolean.getBoolean(SPLIT_PROPERTY);
        Run keyword = new Run(questions, turns, force, splitSessions);
        Run meaning = new Run(questions, turns, force, splitSessions);
        long start = System.nanoTime();
        for (int i = 0; i < conversations.size(); i++) {
            LocomoData.Conversation conversation = conversations.get(i);
            Path dir = options.workDir().resolve("conversation-" + (i + 1));
            keyword.conversation(command(java, jar, dir.resolve("keyword")), dir.resolve("keyword"),
                    Map.of("COLONY_EMBEDDING_MODEL", "none"), conversation);
            meaning.conversation(command(java, jar, dir.resolve("model")), dir.resolve("model"),
                    Map.of("COLONY_EMBEDDING_MODEL", model), conversation);
        }
        double wallSeconds = (System.nanoTime() - start) / 1e9;
        LocomoScore hybrid = meaning.scores[0];
        LocomoScore vector = meaning.scores[1];
        LocomoScore words = keyword.scores[0];
        boolean met = hybrid.turnHitAt5() >= TARGET_TURN_HIT_AT_5 && hybrid.sessionHitAt1() >= TARGET_SESSION_HIT_AT_1;
        double ratio = words.turnHitAt5() == 0 ? 0 : hybrid.turnHitAt5() / words.turnHitAt5();
        String variant = (force ? "; every turn stored (" + FORCE_PROPERTY + ")" : "")
                + (splitSessions ? "; a server per LoCoMo session (" + SPLIT_PROPERTY + ")" : "");
        String note = String.format(Locale.ROOT, "model %s%s, %d conversations, %d turns, %d questions scored (%d "
                + "skipped: no evidence turn); turn hit@5 / session hit@1: keyword %.3f / %.3f, vector %.3f / %.3f, "
                + "hybrid %.3f / %.3f; turns answered as duplicates (mapped to the earlier memory): %d with the "
                + "model (cited by %d questions), %d keyword-only; waited for meaning %.1f s in all (longest %.1f "
                + "s), %d scored searches asked again after a keyword answer; memory_add p50 %.1f ms with the model, "
                + "%.1f ms keyword-only; vector search p50 %.1f ms; wall %.0f s", model, variant,
                conversations.size(), turns, hybrid.questions(), skipped, words.turnHitAt5(), words.sessionHitAt1(),
                vector.turnHitAt5(), vector.sessionHitAt1(), hybrid.turnHitAt5(), hybrid.sessionHitAt1(),
                meaning.duplicates, meaning.citingDuplicates, keyword.duplicates, meaning.meaningWaitNanos / 1e9,
                meaning.longestMeaningWaitNanos / 1e9, meaning.askedAgain, meaning.writes.percentileMillis(50),
                keyword.writes.percentileMillis(50), meaning.searches[1].percentileMillis(50), wallSeconds);
        return new Result(name(), conversations.size(), meaning.searches[0], keyword.searches[0],
                "hybrid turn hit@5 / keyword turn hit@5", ratio, String.format(Locale.ROOT, "hit5>=%.2f sess1>=%.2f",
                        TARGET_TURN_HIT_AT_5, TARGET_SESSION_HIT_AT_1), met, note);
    }

    /** The first {@code size} conversations of the data {@value #DATA_PROPERTY} names. */
    static List<LocomoData.Conversation> conversations(int size) {
        String named = System.getProperty(DATA_PROPERTY, "").strip();
        String how = " (-D" + DATA_PROPERTY + "=PATH: the LoCoMo locomo10.json, or a directory of one JSON file "
                + "per conversation; the data is not shipped with Colony)";
        if (named.isEmpty()) {
            throw new ScenarioSetupException("locomo needs the LoCoMo data" + how);
        }
        Path data = Path.of(named);
        if (!Files.exists(data)) {
            throw new ScenarioSetupException(DATA_PROPERTY + ": no such file or directory: " + data + how);
        }
        List<LocomoData.Conversation> all;
        try {
            all = LocomoData.load(data);
        } catch (IOException | RuntimeException e) {
            throw new ScenarioSetupException(DATA_PROPERTY + ": cannot read " + data + ": " + e.getMessage() + how);
        }
        List<LocomoData.Conversation> chosen = all.subList(0, Math.min(size, all.size()));
        if (chosen.stream().allMatch(conversation -> conversation.questions().isEmpty())) {
            throw new ScenarioSetupException(DATA_PROPERTY + ": " + data + " holds no question citing a turn" + how);
        }
        return chosen;
    }

    private static List<String> command(String java, String jar, Path dir) {
        return List.of(java, "-jar", jar, "mcp", "--db", dir.resolve("colony.db").toString(), "--user", "bench",
                "--agent", "locomo");
    }

    /** The id of the memory a {@code memory_add} answer names: the one stored, or the one it duplicates. */
    static long addedId(JsonNode added) {
        JsonNode id = added.get("id");
        if (id == null || !id.canConvertToLong()) {
            throw new IllegalStateException("memory_add answered no id: " + added);
        }
        return id.asLong();
    }

    /** Whether a {@code memory_add} answer says nothing was stored because an earlier memory says the same. */
    static boolean duplicate(JsonNode added) {
        return added.path("duplicate").asBoolean(false);
    }

    /**
     * A {@code search} answer: the mode it ranked by and its hits' memory ids, best first.
     *
     * @param mode {@code hybrid}, {@code vector} or {@code keyword}
     * @param ids the hits' ids in rank order
     */
    record SearchAnswer(String mode, List<Long> ids) {

        static SearchAnswer of(JsonNode answer) {
            List<Long> ids = new ArrayList<>();
            for (JsonNode hit : answer.path("hits")) {
                ids.add(hit.path("id").asLong());
            }
            return new SearchAnswer(answer.path("mode").asText(), ids);
        }
    }

    /** One leg's server per conversation, and what it measured over all of them. */
    private static final class Run {

        /** Hybrid and vector with a model; keyword alone without. */
        final LocomoScore[] scores = {new LocomoScore(), new LocomoScore()};
        final Latencies[] searches;
        final Latencies writes;
        int duplicates;
        int citingDuplicates;
        long meaningWaitNanos;
        long longestMeaningWaitNanos;
        int askedAgain;

        private final boolean force;
        private final boolean splitSessions;

        Run(int questions, int turns, boolean force, boolean splitSessions) {
            searches = new Latencies[] {new Latencies(questions), new Latencies(questions)};
            writes = new Latencies(turns);
            this.force = force;
            this.splitSessions = splitSessions;
        }

        /**
         * Writes {@code conversation} into a fresh store through one server (or, {@code splitSessions}, one server
         * per LoCoMo session, the next started on the same store when the last has ended) and scores its questions
         * on the last one.
         */
        void conversation(List<String> command, Path home, Map<String, String> env,
                LocomoData.Conversation conversation) throws IOException, InterruptedException {
            boolean withModel = !"none".equals(env.get("COLONY_EMBEDDING_MODEL"));
            LocomoScore.Turns written = new LocomoScore.Turns();
            McpServerProcess server = null;
            try {
                for (List<Map.Entry<String, String>> part : parts(conversation)) {
                    if (server != null) {
                        server.close();
                    }
                    server = McpServerProcess.start(command, home, env);
                    write(server, part, written);
                }
                duplicates += written.duplicates();
                citingDuplicates += (int) conversation.questions().stream().filter(written::citesDuplicate).count();
                if (withModel) {
                    long waited = awaitMeaning(server);
                    meaningWaitNanos += waited;
                    longestMeaningWaitNanos = Math.max(longestMeaningWaitNanos, waited);
                }
                String[] modes = withModel ? new String[] {"hybrid", "vector"} : new String[] {"keyword"};
                for (int leg = 0; leg < modes.length; leg++) {
                    long start = System.nanoTime();
                    for (LocomoData.Question question : conversation.questions()) {
                        SearchAnswer answer = search(server, question.text(), modes[leg], searches[leg]);
                        scores[leg].add(question, answer.ids(), written);
                    }
                    searches[leg].addWall(System.nanoTime() - start);
                }
            } finally {
                if (server != null) {
                    server.close();
                }
            }
        }

        /** The turns written through one server each: all of them, or each LoCoMo session's. */
        private List<List<Map.Entry<String, String>>> parts(LocomoData.Conversation conversation) {
            Map<String, List<Map.Entry<String, String>>> parts = new LinkedHashMap<>();
            for (Map.Entry<String, String> turn : conversation.turns().entrySet()) {
                parts.computeIfAbsent(splitSessions ? LocomoData.session(turn.getKey()) : "", unused ->
                        new ArrayList<>()).add(turn);
            }
            return new ArrayList<>(parts.values());
        }

        /** Writes {@code turns} in order with {@code memory_add} and notes the memory each became. */
        private void write(McpServerProcess server, List<Map.Entry<String, String>> turns, LocomoScore.Turns written)
                throws IOException {
            long start = System.nanoTime();
            for (Map.Entry<String, String> turn : turns) {
                ObjectNode arguments = McpServerProcess.arguments().put("content", turn.getValue()).put("type", "fact");
                if (force) {
                    arguments.put("force", true);
                }
                long t0 = System.nanoTime();
                JsonNode added = server.callTool("memory_add", arguments);
                writes.record(System.nanoTime() - t0);
                written.put(turn.getKey(), addedId(added), duplicate(added));
            }
            writes.addWall(System.nanoTime() - start);
        }

        /**
         * Searches {@code query} once for {@code mode} ({@code meaning_only} for vector, default arguments
         * otherwise) and records its round trip; asked again, bounded, while the server ranks by words because its
         * model still loads.
         */
        private SearchAnswer search(McpServerProcess server, String query, String mode, Latencies into)
                throws IOException, InterruptedException {
            long deadline = System.nanoTime() + MEANING_WAIT.toNanos();
            while (true) {
                ObjectNode arguments = McpServerProcess.arguments().put("query", query);
                if (mode.equals("vector")) {
                    arguments.put("meaning_only", true);
                }
                long t0 = System.nanoTime();
                SearchAnswer answer = SearchAnswer.of(server.callTool("search", arguments));
                long elapsed = System.nanoTime() - t0;
                if (answer.mode().equals(mode)) {
                    into.record(elapsed);
                    return answer;
                }
                if (!answer.mode().equals("keyword") || System.nanoTime() > deadline) {
                    throw new IllegalStateException("search asked for " + mode + " answered by " + answer.mode()
                            + (answer.mode().equals("keyword") ? " for " + MEANING_WAIT.toSeconds() + " s" : ""));
                }
                askedAgain++;
                Thread.sleep(MEANING_POLL.toMillis());
            }
        }

        /** Probes until the server ranks by meaning; how long that took. */
        private static long awaitMeaning(McpServerProcess server) throws IOException, InterruptedException {
            long start = System.nanoTime();
            while (!SearchAnswer.of(server.callTool("search", McpServerProcess.arguments().put("query", PROBE)))
                    .mode().equals("hybrid")) {
                if (System.nanoTime() - start > MEANING_WAIT.toNanos()) {
                    throw new IllegalStateException("the server did not rank by meaning within "
                            + MEANING_WAIT.toSeconds() + " s");
                }
                Thread.sleep(MEANING_POLL.toMillis());
            }
            return System.nanoTime() - start;
        }
    }
}
