package dev.colony.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code locomo} scenario's reading of the data and of the server's answers, and its scoring, on a tiny
 * conversation of our own in the LoCoMo layout.
 */
class LocomoScenarioTest {

    /** Two sessions of two turns; the second question cites one turn that does not exist. */
    private static final String SESSIONS = """
            "speaker_a": "Ruth", "speaker_b": "Tomas",
            "session_1_date_time": "9:00 am on 3 May, 2021",
            "session_1": [
              {"speaker": "Ruth", "dia_id": "D1:1", "text": "Morning! Did the storm keep you indoors?"},
              {"speaker": "Tomas", "dia_id": "D1:2", "text": "Mostly, so I fixed the \\"old\\" sailboat's rudder."}
            ],
            "session_2_date_time": "6:30 pm on 9 May, 2021",
            "session_2": [
              {"speaker": "Ruth", "dia_id": "D2:1", "text": "The bakery opens an hour earlier now."},
              {"speaker": "Tomas", "dia_id": "D2:2", "text": "Save me a rye loaf, I will sail over Saturday."}
            ]""";
    private static final String QUESTIONS = """
            [
              {"question": "What did Tomas repair?", "answer": "the rudder", "evidence": ["D1:2"], "category": 4},
              {"question": "Which bread did Tomas ask for?", "answer": "rye", "evidence": ["D2:2; D9:9"]}
            ]""";

    @TempDir
    Path dir;

    @Test
    void readsADirectoryOfConversationsInOrder() throws IOException {
        Files.writeString(dir.resolve("07.json"), "{" + SESSIONS + ", \"qa\": " + QUESTIONS + "}");
        Files.writeString(dir.resolve("notes.txt"), "not a conversation");

        List<LocomoData.Conversation> conversations = LocomoData.load(dir);

        assertThat(conversations).hasSize(1);
        LocomoData.Conversation conversation = conversations.get(0);
        assertThat(conversation.name()).isEqualTo("07.json");
        assertThat(conversation.turns()).containsExactly(
                Map.entry("D1:1", "Ruth: Morning! Did the storm keep you indoors?"),
                Map.entry("D1:2", "Tomas: Mostly, so I fixed the \"old\" sailboat's rudder."),
                Map.entry("D2:1", "Ruth: The bakery opens an hour earlier now."),
                Map.entry("D2:2", "Tomas: Save me a rye loaf, I will sail over Saturday."));
        assertThat(conversation.questions()).containsExactly(
                new LocomoData.Question("What did Tomas repair?", Set.of("D1:2")),
                new LocomoData.Question("Which bread did Tomas ask for?", Set.of("D2:2")));
        assertThat(conversation.skipped()).isZero();
    }

    @Test
    void readsTheSingleFileFormAndSkipsQuestionsWithoutEvidence() throws IOException {
        Path file = dir.resolve("locomo10.json");
        Files.writeString(file, "[{\"sample_id\": \"conv-1\", \"conversation\": {" + SESSIONS + "}, \"qa\": ["
                + "{\"question\": \"Where does Ruth work?\", \"evidence\": [\"D2:1\"]},"
                + "{\"question\": \"What is Ruth's cat called?\", \"evidence\": []}]}]");

        LocomoData.Conversation conversation = LocomoData.load(file).get(0);

        assertThat(conversation.name()).isEqualTo("conv-1");
        assertThat(conversation.turns()).hasSize(4);
        assertThat(conversation.questions()).containsExactly(
                new LocomoData.Question("Where does Ruth work?", Set.of("D2:1")));
        assertThat(conversation.skipped()).isOne();
    }

    @Test
    void scoresATurnAmongTheFirstFiveAndTheSessionOfTheFirstHit() throws IOException {
        Files.writeString(dir.resolve("1.json"), "{" + SESSIONS + ", \"qa\": " + QUESTIONS + "}");
        LocomoData.Question repair = LocomoData.load(dir).get(0).questions().get(0);
        LocomoScore.Turns turns = new LocomoScore.Turns();
        turns.put("D1:1", 11, false);
        turns.put("D1:2", 12, false);
        turns.put("D2:1", 21, false);
        turns.put("D2:2", 22, false);

        // Evidence fifth, first hit in its session; 99 is no memory of the conversation.
        assertThat(score(repair, List.of(11L, 21L, 22L, 99L, 12L), turns)).containsExactly(1.0, 1.0);
        // Evidence second, first hit in another session.
        assertThat(score(repair, List.of(21L, 12L), turns)).containsExactly(1.0, 0.0);
        // Evidence sixth: too late for a turn hit; the first hit is in its session.
        assertThat(score(repair, List.of(11L, 21L, 22L, 99L, 98L, 12L), turns)).containsExactly(0.0, 1.0);
        assertThat(score(repair, List.of(), turns)).containsExactly(0.0, 0.0);

        LocomoScore all = new LocomoScore();
        all.addAll(new LocomoScore());
        all.add(repair, List.of(12L), turns);
        all.add(repair, List.of(21L), turns);
        assertThat(all.questions()).isEqualTo(2);
        assertThat(all.turnHitAt5()).isEqualTo(0.5);
        assertThat(all.sessionHitAt1()).isEqualTo(0.5);
    }

    @Test
    void aTurnAnsweredAsADuplicateIsTheEarlierMemory() {
        LocomoScore.Turns turns = new LocomoScore.Turns();
        turns.put("D1:2", 12, false);
        turns.put("D2:1", 21, false);
        turns.put("D2:2", 12, true);
        LocomoData.Question bread = new LocomoData.Question("Which bread did Tomas ask for?", Set.of("D2:2"));

        assertThat(turns.duplicates()).isOne();
        assertThat(turns.citesDuplicate(bread)).isTrue();
        assertThat(turns.citesDuplicate(new LocomoData.Question("What did Tomas repair?", Set.of("D1:2")))).isFalse();
        assertThat(turns.of(12)).containsExactly("D1:2", "D2:2");
        assertThat(score(bread, List.of(12L), turns)).containsExactly(1.0, 1.0);
        assertThat(score(new LocomoData.Question("Where does Ruth work?", Set.of("D2:1")), List.of(12L, 21L),
                turns)).containsExactly(1.0, 1.0);
    }

    @Test
    void readsTheServersAnswers() throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode stored = McpServerProcess.toolResult("memory_add", json.readTree("{\"jsonrpc\":\"2.0\",\"id\":3,"
                + "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{}\"}],\"structuredContent\":{\"id\":40,"
                + "\"type\":\"fact\",\"ts\":1,\"version\":1},\"isError\":false}}"));
        JsonNode duplicate = McpServerProcess.toolResult("memory_add", json.readTree("{\"jsonrpc\":\"2.0\",\"id\":4,"
                + "\"result\":{\"content\":[],\"structuredContent\":{\"id\":12,\"type\":\"fact\",\"ts\":1,"
                + "\"version\":1,\"duplicate\":true,\"score\":0.97},\"isError\":false}}"));
        JsonNode found = McpServerProcess.toolResult("search", json.readTree("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":"
                + "{\"content\":[],\"structuredContent\":{\"hits\":[{\"id\":21,\"rank\":1},{\"id\":12,\"rank\":2}],"
                + "\"mode\":\"hybrid\",\"next\":\"...\"},\"isError\":false}}"));

        assertThat(LocomoScenario.addedId(stored)).isEqualTo(40);
        assertThat(LocomoScenario.duplicate(stored)).isFalse();
        assertThat(LocomoScenario.addedId(duplicate)).isEqualTo(12);
        assertThat(LocomoScenario.duplicate(duplicate)).isTrue();
        assertThat(LocomoScenario.SearchAnswer.of(found))
                .isEqualTo(new LocomoScenario.SearchAnswer("hybrid", List.of(21L, 12L)));
        assertThatThrownBy(() -> McpServerProcess.toolResult("search", json.readTree("{\"jsonrpc\":\"2.0\",\"id\":6,"
                + "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"query: must not be blank\"}],"
                + "\"isError\":true}}"))).hasMessage("search failed: query: must not be blank");
    }

    @Test
    void missingDataNamesTheProperty() {
        String before = System.getProperty(LocomoScenario.DATA_PROPERTY);
        try {
            System.clearProperty(LocomoScenario.DATA_PROPERTY);
            assertThatThrownBy(() -> LocomoScenario.conversations(10)).isInstanceOf(ScenarioSetupException.class)
                    .hasMessageContaining("-Dlocomo.data=PATH");
            System.setProperty(LocomoScenario.DATA_PROPERTY, dir.resolve("absent.json").toString());
            assertThatThrownBy(() -> LocomoScenario.conversations(10)).isInstanceOf(ScenarioSetupException.class)
                    .hasMessageStartingWith("locomo.data: no such file or directory: ");
        } finally {
            if (before == null) {
                System.clearProperty(LocomoScenario.DATA_PROPERTY);
            } else {
                System.setProperty(LocomoScenario.DATA_PROPERTY, before);
            }
        }
    }

    /** Turn hit@5 and session hit@1 of one question ranked as {@code ranked}. */
    private static List<Double> score(LocomoData.Question question, List<Long> ranked, LocomoScore.Turns turns) {
        LocomoScore score = new LocomoScore();
        score.add(question, ranked, turns);
        return List.of(score.turnHitAt5(), score.sessionHitAt1());
    }
}
