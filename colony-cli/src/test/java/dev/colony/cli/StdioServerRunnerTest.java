package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.launch.LaunchSettings;
import dev.colony.mcp.ToolResults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server process's life in-process: lazy open, answers and the exit code. */
class StdioServerRunnerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static final String SESSION = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"runner\",\"version\":\"1\"}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\","
            + "\"arguments\":{\"content\":\"The runner test stores one memory.\"}}}\n";

    private LaunchSettings settings(Path db) {
        Properties system = new Properties();
        system.setProperty("user.name", "erin");
        system.setProperty("user.home", dir.toString());
        system.setProperty("user.dir", dir.toString());
        return LaunchSettings.resolve(db.toString(), null, "runner-agent", null, Map.of(), system);
    }

    private static List<JsonNode> lines(ByteArrayOutputStream out) throws IOException {
        List<JsonNode> messages = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                messages.add(JSON.readTree(line));
            }
        }
        return messages;
    }

    @Test
    void servesOnAStoreThatOpensInTheBackgroundAndExitsZero() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = StdioServerRunner.run(settings(dir.resolve("colony.db")),
                new ByteArrayInputStream(SESSION.getBytes(StandardCharsets.UTF_8)), out);
        List<JsonNode> messages = lines(out);
        assertThat(messages).hasSize(2);
        JsonNode added = messages.stream().filter(m -> m.get("id").asInt() == 2).findFirst().orElseThrow();
        assertThat(added.get("result").get("isError").asBoolean()).as(added.toString()).isFalse();
        assertThat(exit).isEqualTo(StdioServerRunner.EXIT_OK);
    }

    @Test
    void aStoreThatCannotOpenTurnsEveryCallIntoAnErrorAndTheExitCodeNonZero() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "not a directory");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = StdioServerRunner.run(settings(notADirectory.resolve("colony.db")),
                new ByteArrayInputStream(SESSION.getBytes(StandardCharsets.UTF_8)), out);
        List<JsonNode> messages = lines(out);
        JsonNode init = messages.stream().filter(m -> m.get("id").asInt() == 1).findFirst().orElseThrow();
        assertThat(init.get("result").get("serverInfo").get("name").asText()).isEqualTo("colony");
        JsonNode call = messages.stream().filter(m -> m.get("id").asInt() == 2).findFirst().orElseThrow();
        JsonNode body = ToolResults.error(call.get("result"));
        assertThat(body.get("code").asText()).isEqualTo("STORAGE_FAILURE");
        assertThat(body.get("error").asText()).contains("could not be opened").contains("plain-file");
        assertThat(exit).isEqualTo(StdioServerRunner.EXIT_FAILED);
    }
}
