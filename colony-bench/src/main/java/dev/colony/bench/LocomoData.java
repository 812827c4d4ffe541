package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The LoCoMo conversations as the {@code locomo} scenario writes and asks them: each dialog turn one memory
 * ({@code "<speaker>: <text>"}, in the order spoken), each question with the turns its evidence cites. A question
 * citing no turn of its conversation is skipped and counted, as the in-repo {@code ConversationBenchmark} does.
 *
 * <p>The data comes as the LoCoMo repository's {@code locomo10.json} (an array of samples, each with its sessions
 * under {@code conversation} and its questions under {@code qa}) or as a directory of one JSON file per
 * conversation (sessions and {@code qa} side by side), read in file-name order.
 */
final class LocomoData {

    private LocomoData() {
    }

    /**
     * One conversation.
     *
     * @param name the file (or sample) it came from
     * @param turns turn id ({@code D3:7}) to the memory content, in the order spoken
     * @param questions the questions that cite at least one of the turns
     * @param skipped how many questions cite none (or ask nothing)
     */
    record Conversation(String name, Map<String, String> turns, List<Question> questions, int skipped) {
    }

    /**
     * One question.
     *
     * @param text the question as asked
     * @param evidence the turn ids that answer it
     */
    record Question(String text, Set<String> evidence) {

        /** The sessions ({@code D3}) of the evidence turns. */
        Set<String> sessions() {
            Set<String> sessions = new LinkedHashSet<>();
            evidence.forEach(turn -> sessions.add(session(turn)));
            return sessions;
        }
    }

    /** The session of a turn id: {@code D3} of {@code D3:7}. */
    static String session(String turn) {
        int colon = turn.indexOf(':');
        return colon < 0 ? turn : turn.substring(0, colon);
    }

    /** The conversations at {@code data}: a {@code locomo10.json} file or a directory of one file each. */
    static List<Conversation> load(Path data) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Conversation> conversations = new ArrayList<>();
        if (Files.isDirectory(data)) {
            List<Path> files;
            try (Stream<Path> listed = Files.list(data)) {
                files = listed.filter(path -> path.getFileName().toString().endsWith(".json")).sorted().toList();
            }
            for (Path file : files) {
                conversations.add(conversation(file.getFileName().toString(), json.readTree(file.toFile()), null));
            }
        } else {
            JsonNode samples = json.readTree(data.toFile());
            for (int i = 0; i < samples.size(); i++) {
                JsonNode sample = samples.get(i);
                String name = sample.path("sample_id").asText("sample " + (i + 1));
                conversations.add(conversation(name, sample.path("conversation"), sample.path("qa")));
            }
        }
        return conversations;
    }

    /** One conversation from its sessions ({@code session_1}, ...) and questions (if not given: its {@code qa}). */
    private static Conversation conversation(String name, JsonNode sessions, JsonNode qa) {
        Map<String, String> turns = new LinkedHashMap<>();
        for (int session = 1; sessions.has("session_" + session); session++) {
            for (JsonNode turn : sessions.get("session_" + session)) {
                turns.put(turn.path("dia_id").asText().strip(),
                        turn.path("speaker").asText() + ": " + turn.path("text").asText());
            }
        }
        List<Question> questions = new ArrayList<>();
        int skipped = 0;
        for (JsonNode question : qa != null ? qa : sessions.path("qa")) {
            Set<String> evidence = new LinkedHashSet<>();
            for (JsonNode cited : question.path("evidence")) {
                // A few citations name several turns in one string.
                for (String turn : cited.asText().split("[;, ]+")) {
                    if (turns.containsKey(turn.strip())) {
                        evidence.add(turn.strip());
                    }
                }
            }
            String text = question.path("question").asText().strip();
            if (evidence.isEmpty() || text.isEmpty()) {
                skipped++;
            } else {
                questions.add(new Question(text, evidence));
            }
        }
        return new Conversation(name, turns, questions, skipped);
    }
}
