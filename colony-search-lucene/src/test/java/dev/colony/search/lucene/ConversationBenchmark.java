package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.memory.SearchMode;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.embedding.onnx.OnnxModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retrieval quality on the public LoCoMo conversations, measured the way the issue scores a release from
 * outside: every dialog turn one memory ({@code "<speaker>: <text>"}, its LoCoMo session as its session, so
 * that it is searched with the turn before it as context), each question one search over its own
 * conversation, answered at five when one of the first five hits is a turn the question's evidence names,
 * and at one for its session when the first hit is in one of those turns' sessions.
 *
 * <p>The data set is not part of this project (it is not ours to ship, and its licence is non-commercial),
 * so the class is not named like a test and runs only when asked for, with {@value #DATA_PROPERTY} naming
 * the {@code locomo10.json} file of the LoCoMo repository or a directory of one JSON file per conversation
 * as its {@code locomo10.zip} holds them
 * ({@code mvn test -pl colony-search-lucene -Dtest=ConversationBenchmark -Dcolony.quality.locomo=<path>}).
 * It asserts the bars for hybrid search, turn hit@5 {@value #TURN_HIT_AT_5} and session hit@1
 * {@value #SESSION_HIT_AT_1}, and prints the three legs; the model is chosen as in {@link HybridQualityTest}.
 * The default model does not reach them yet (see the notes).
 */
class ConversationBenchmark {

    /** Names the LoCoMo data: a {@code locomo10.json} file or a directory of one file per conversation. */
    static final String DATA_PROPERTY = "colony.quality.locomo";
    /** The least share of questions with an evidence turn among hybrid search's first five hits. */
    static final double TURN_HIT_AT_5 = 0.70;
    /** The least share of questions whose first hybrid hit is in an evidence turn's session. */
    static final double SESSION_HIT_AT_1 = 0.76;
    /** Hits looked at per question. */
    private static final int DEPTH = 10;

    @TempDir
    static Path natives;

    @Test
    void hybridMeetsTheConversationalBars() throws IOException {
        OnnxModel model = OnnxEmbedder.DEFAULT_MODEL;
        String named = System.getProperty(HybridQualityTest.MODEL_PROPERTY, "");
        if (!named.isBlank()) {
            model = OnnxModel.byId(named).orElseThrow(() -> new IllegalArgumentException(
                    HybridQualityTest.MODEL_PROPERTY + " names no model of colony-embedding-onnx: " + named));
        }
        OnnxEmbedder embedder = OnnxEmbedder.of(model, natives);
        Map<SearchMode, double[]> sums = new EnumMap<>(SearchMode.class);
        int questions = 0;
        String data = System.getProperty(DATA_PROPERTY, "");
        assertThat(data).as(DATA_PROPERTY + ": the LoCoMo data to measure on").isNotBlank();
        for (JsonNode conversation : conversations(Path.of(data))) {
            LabeledSet set = labeled(conversation);
            try (LabeledIndex index = LabeledIndex.embedded(set, embedder)) {
                for (SearchMode mode : SearchMode.values()) {
                    RankingQuality quality = RankingQuality.of(set, query -> index.rank(mode, query, DEPTH));
                    double[] sum = sums.computeIfAbsent(mode, unused -> new double[3]);
                    sum[0] += quality.hitAt5() * set.queries().size();
                    sum[1] += quality.groupHitAt1() * set.queries().size();
                    sum[2] += quality.meanReciprocalRank() * set.queries().size();
                }
            }
            questions += set.queries().size();
        }
        assertThat(questions).as("questions with evidence").isPositive();
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "LoCoMo retrieval (%d questions, %s)%n", questions, embedder.modelId()));
        for (Map.Entry<SearchMode, double[]> row : sums.entrySet()) {
            double[] sum = row.getValue();
            report.append(String.format(Locale.ROOT, "  %-7s turn hit@5 %.3f  session hit@1 %.3f  MRR %.3f%n",
                    row.getKey().name().toLowerCase(Locale.ROOT), sum[0] / questions, sum[1] / questions,
                    sum[2] / questions));
        }
        System.out.print(report);
        double[] hybrid = sums.get(SearchMode.HYBRID);
        assertThat(hybrid[0] / questions).as("hybrid turn hit@5").isGreaterThanOrEqualTo(TURN_HIT_AT_5);
        assertThat(hybrid[1] / questions).as("hybrid session hit@1").isGreaterThanOrEqualTo(SESSION_HIT_AT_1);
    }

    /** The conversations of the data set, each with its sessions and its questions. */
    private static List<JsonNode> conversations(Path data) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> conversations = new ArrayList<>();
        if (Files.isDirectory(data)) {
            try (Stream<Path> files = Files.list(data)) {
                for (Path file : files.filter(path -> path.toString().endsWith(".json")).sorted().toList()) {
                    conversations.add(json.readTree(file.toFile()));
                }
            }
        } else {
            for (JsonNode sample : json.readTree(data.toFile())) {
                // locomo10.json keeps the sessions under "conversation", the questions beside it.
                JsonNode merged = sample.get("conversation").deepCopy();
                ((ObjectNode) merged).set("qa", sample.get("qa"));
                conversations.add(merged);
            }
        }
        return conversations;
    }

    /** One conversation as a labeled set: turn {@code D3:7} is entry {@code D3.7}, of group (session) D3. */
    private static LabeledSet labeled(JsonNode conversation) {
        Map<String, String> turns = new LinkedHashMap<>();
        for (int session = 1; conversation.has("session_" + session); session++) {
            for (JsonNode turn : conversation.get("session_" + session)) {
                turns.put(entry(turn.get("dia_id").asText()),
                        turn.get("speaker").asText() + ": " + turn.get("text").asText());
            }
        }
        List<LabeledSet.Query> queries = new ArrayList<>();
        for (JsonNode question : conversation.get("qa")) {
            Set<String> evidence = new LinkedHashSet<>();
            for (JsonNode cited : question.path("evidence")) {
                // A few citations list several turns in one string.
                for (String turn : cited.asText().split("[;, ]+")) {
                    if (turns.containsKey(entry(turn))) {
                        evidence.add(entry(turn));
                    }
                }
            }
            if (!evidence.isEmpty()) {
                queries.add(new LabeledSet.Query(question.get("question").asText(), evidence));
            }
        }
        return new LabeledSet(turns, queries);
    }

    private static String entry(String turn) {
        return turn.strip().replace(':', '.');
    }
}
