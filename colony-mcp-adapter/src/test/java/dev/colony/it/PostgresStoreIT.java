package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.store.postgres.PostgresTestServer;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar on a PostgreSQL store shared by two "machines" (two Colony homes): the MCP server and the
 * command line take the JDBC URL from {@code --jdbc-url}, {@code --db} or {@code COLONY_JDBC_URL}, take
 * credentials from the environment, never print a password, and keep the search index per home.
 */
class PostgresStoreIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Sent in the URL and in COLONY_DB_PASSWORD; the embedded server trusts local logins and ignores it. */
    private static final String SECRET = "hunter2-never-printed";

    @TempDir
    Path dir;

    private Map<String, String> machine(String name) {
        Map<String, String> env = new HashMap<>();
        env.put("COLONY_HOME", dir.resolve(name).toString());
        env.put("COLONY_USER", "erin");
        env.put("COLONY_DB_PASSWORD", SECRET);
        return env;
    }

    @Test
    void twoMachinesShareOneStoreAndNeitherPrintsThePassword() throws Exception {
        String url = PostgresTestServer.databaseFor(dir.resolve("shared-db")) + "&password=" + SECRET;

        // Machine A: the MCP server, the URL from the environment.
        Map<String, String> machineA = machine("machine-a");
        machineA.put("COLONY_JDBC_URL", url);
        Process server = ColonyJar.builder(machineA, "--agent", "it-agent")
                .redirectOutput(dir.resolve("server.out").toFile())
                .redirectError(dir.resolve("server.err").toFile())
                .start();
        try (OutputStream stdin = server.getOutputStream()) {
            String lines = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"0\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\","
                    + "\"arguments\":{\"content\":\"The staging cluster runs on the gannet hosts.\"}}}\n";
            stdin.write(lines.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(server.waitFor(ColonyJar.TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        String serverOut = Files.readString(dir.resolve("server.out"));
        String serverErr = Files.readString(dir.resolve("server.err"));
        assertThat(server.exitValue()).as(serverErr).isZero();
        JsonNode added = response(serverOut, 2);
        assertThat(added.get("result").get("isError").asBoolean()).as(serverOut).isFalse();
        assertThat(serverErr).contains("jdbc:postgresql:").doesNotContain(SECRET);

        // Machine B: the command line, the URL as --db; it has no index yet and builds its own.
        ColonyJar.Result search = ColonyJar.run(dir, machine("machine-b"), "search", "--db", url, "gannet", "hosts");
        assertThat(search.exitCode()).as(search.stderr()).isZero();
        assertThat(search.stdout()).contains("1 hit").contains("gannet").doesNotContain(SECRET);
        assertThat(search.stderr()).doesNotContain(SECRET);

        // Machine A again, through --jdbc-url, with the index it already has.
        ColonyJar.Result again = ColonyJar.run(dir, machine("machine-a"), "search", "--jdbc-url", url, "staging");
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.stdout()).contains("1 hit").doesNotContain(SECRET);

        assertThat(indexDirectories("machine-a")).hasSize(1);
        assertThat(indexDirectories("machine-b")).hasSize(1).isEqualTo(indexDirectories("machine-a"));
        assertThat(dir.resolve("machine-a").resolve("colony.db")).doesNotExist();
    }

    @Test
    void aJdbcUrlOfAnotherEngineIsRefusedNamingTheOption() throws Exception {
        ColonyJar.Result refused = ColonyJar.run(dir, machine("machine-c"), "search", "--db",
                "jdbc:mysql://db/colony?password=" + SECRET, "anything");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr().strip()).startsWith("colony: INVALID_ARGUMENT: db:").doesNotContain(SECRET);

        ColonyJar.Result both = ColonyJar.run(dir, machine("machine-c"), "search", "--db", "x.db", "--jdbc-url",
                "jdbc:postgresql://db/colony", "anything");
        assertThat(both.exitCode()).isEqualTo(1);
        assertThat(both.stderr()).contains("INVALID_ARGUMENT");
    }

    private List<String> indexDirectories(String machine) throws Exception {
        Path index = dir.resolve(machine).resolve("index");
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(index)) {
            try (Stream<Path> children = Files.list(index)) {
                children.forEach(child -> names.add(child.getFileName().toString()));
            }
        }
        return names;
    }

    private static JsonNode response(String stdout, int id) throws Exception {
        for (String line : stdout.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode message = JSON.readTree(line);
            if (message.has("id") && message.get("id").asInt() == id) {
                return message;
            }
        }
        throw new AssertionError("no response " + id + " in:\n" + stdout);
    }
}
