package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built server, driven by the SDK's client, when its database file is deleted underneath it or was
 * emptied before it started: the calls fail with {@code STORAGE_FAILURE} naming the file instead of
 * acknowledging writes that cannot survive or serving an empty store in place of the lost one.
 */
class StoreFileIT {

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    @Test
    void aWriteAfterTheDatabaseFileWasDeletedIsRefusedNamingTheFile() throws IOException {
        Path db = dir.resolve("colony.db");
        McpSyncClient client = client(db);
        try {
            ColonyJar.okAndValid(client, "memory_add", Map.of("content", "The staging cluster runs in eu-west-2",
                    "type", "fact"), stderr);
            Files.delete(db);

            JsonNode error = error(client, "memory_add", Map.of("content", "The deploy window is Tuesday 14:00 UTC",
                    "type", "fact"));

            assertThat(error.path("code").asText()).as("%s; server stderr: %s", error, stderr)
                    .isEqualTo("STORAGE_FAILURE");
            assertThat(error.path("error").asText()).contains(db.toString()).contains("deleted");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void anEmptiedDatabaseFileBesideItsIndexIsRefusedAndLeftAlone() throws IOException {
        Path db = dir.resolve("colony.db");
        McpSyncClient first = client(db);
        try {
            for (int i = 0; i < 3; i++) {
                ColonyJar.okAndValid(first, "memory_add", Map.of("content", "Release " + i + " shipped with the new "
                        + "billing export", "type", "fact"), stderr);
            }
        } finally {
            first.closeGracefully();
        }
        Files.write(db, new byte[0]);

        McpSyncClient second = client(db);
        try {
            JsonNode error = error(second, "memory_add", Map.of("content", "A fresh start", "type", "fact"));

            assertThat(error.path("code").asText()).as("%s; server stderr: %s", error, stderr)
                    .isEqualTo("STORAGE_FAILURE");
            assertThat(error.path("error").asText()).contains(db.toString()).contains("empty")
                    .contains("restore the file from a backup");
        } finally {
            second.closeGracefully();
        }
        assertThat(db).isEmptyFile();
    }

    /**
     * A client's health check starts the server and kills it at once; killed just after SQLite made the file,
     * it leaves an empty file or one without tables. Doctor calls that a new store, and the next start makes it.
     */
    @Test
    void aFirstStartKilledAsItMadeTheFileLeavesANewStoreForDoctorAndTheNextStart() throws Exception {
        Path db = dir.resolve("home").resolve("colony.db");
        Map<String, String> env = Map.of("COLONY_HOME", dir.resolve("home").toString(), "HOME",
                dir.resolve("user").toString(), "COLONY_EMBEDDING_MODEL", "none");
        Process first = ColonyJar.builder(env, "mcp", "--user", "alice", "--agent", "codex")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(db) && first.isAlive() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(db).as("the server made its file").exists();
        } finally {
            first.destroyForcibly();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        ColonyJar.Result doctor = ColonyJar.run(dir, env, "doctor");
        assertThat(doctor.exitCode()).as("%s%s(%d bytes)", doctor.stdout(), doctor.stderr(), Files.size(db))
                .isZero();
        assertThat(doctor.stdout()).containsAnyOf("Store " + db + ": empty, created on first use",
                "Store " + db + ": 0 memories");

        McpSyncClient next = ColonyJar.mcpClientWithEnv(List.of("mcp", "--user", "alice", "--agent", "codex"),
                dir.resolve("home"), "codex", stderr, Map.of("COLONY_EMBEDDING_MODEL", "none"));
        try {
            ColonyJar.okAndValid(next, "memory_add", Map.of("content", "The health check left nothing behind",
                    "type", "fact"), stderr);
        } finally {
            next.closeGracefully();
        }
        assertThat(ColonyJar.run(dir, env, "doctor").stdout()).contains("Store " + db + ": 1 memories");
    }

    private McpSyncClient client(Path db) {
        return ColonyJar.mcpClient(List.of("mcp", "--db", db.toString(), "--user", "alice", "--agent", "codex"),
                dir.resolve("home"), "codex", stderr);
    }

    private static JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }
}
