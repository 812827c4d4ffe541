package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Claude Code hooks as Claude Code runs them: the real jar, a fresh JVM per hook, the payload on
 * stdin, the exit code and stdout read back; then the CLI shows what they recorded.
 */
class HookIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String payload(Path repo, String session, String tool, Path file) {
        return "{\"session_id\":\"" + session + "\",\"transcript_path\":\"/tmp/x.jsonl\",\"cwd\":\"" + repo
                + "\",\"permission_mode\":\"default\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"" + tool
                + "\",\"tool_input\":{\"file_path\":\"" + file + "\",\"old_string\":\"a\",\"new_string\":\"b\"},"
                + "\"tool_use_id\":\"toolu_1\"}";
    }

    /** A git work tree on {@code branch}: as much of {@code .git} as the hooks read. */
    private Path workTree(String branch) throws IOException {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/" + branch + "\n", StandardCharsets.UTF_8);
        return repo;
    }

    @Test
    void preAndPostToolUseClaimWarnAndRecordThroughTheJar() throws Exception {
        Path repo = workTree("feature/hooks");
        Path file = repo.resolve("src/Parser.java");
        String db = dir.resolve("colony.db").toString();
        Map<String, String> env = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "alice");

        ColonyJar.Result claude = ColonyJar.runWithInput(dir, env, payload(repo, "claude-hook-it", "Edit", file),
                "hook", "pre-tool-use", "--db", db);
        ColonyJar.Result codex = ColonyJar.runWithInput(dir, Map.of("COLONY_HOME", dir.resolve("home").toString(),
                "COLONY_USER", "alice", "COLONY_AGENT", "codex"), payload(repo, "codex-hook-it", "Write", file),
                "hook", "pre-tool-use", "--db", db);
        ColonyJar.Result post = ColonyJar.runWithInput(dir, env, payload(repo, "claude-hook-it", "Edit", file),
                "hook", "post-tool-use", "--db", db);
        ColonyJar.Result ignored = ColonyJar.runWithInput(dir, env, payload(repo, "claude-hook-it", "Bash", file),
                "hook", "pre-tool-use", "--db", db);

        assertThat(claude.exitCode()).as(claude.stderr()).isZero();
        assertThat(claude.stdout()).isEmpty();
        assertThat(codex.exitCode()).as(codex.stderr()).isZero();
        JsonNode warning = JSON.readTree(codex.stdout());
        assertThat(codex.stdout().strip().lines()).as("stdout is the one JSON object").hasSize(1);
        assertThat(warning.get("hookSpecificOutput").get("hookEventName").asText()).isEqualTo("PreToolUse");
        assertThat(warning.get("hookSpecificOutput").get("additionalContext").asText()).contains("src/Parser.java")
                .contains("claude-hook-it");
        assertThat(post.exitCode()).as(post.stderr()).isZero();
        assertThat(post.stdout()).isEmpty();
        assertThat(ignored).isEqualTo(new ColonyJar.Result(0, "", ""));

        ColonyJar.Result inbox = ColonyJar.run(dir, env, "inbox", "--db", db, "--agent", "codex", "--json");
        assertThat(inbox.exitCode()).as(inbox.stderr()).isZero();
        JsonNode attention = JSON.readTree(inbox.stdout());
        assertThat(attention.get("recent_other_claims").get(0).get("file_path").asText()).isEqualTo("src/Parser.java");
        assertThat(attention.get("file_heat").get(0).get("events").asInt()).as("the claim and the recorded edit")
                .isEqualTo(2);
        ColonyJar.Result lanes = ColonyJar.run(dir, env, "lanes", "--db", db);
        assertThat(lanes.stdout()).contains("claude-hook-it").contains("working").contains("feature/hooks");
    }

    @Test
    void theLauncherHandsItsHooksToTheRunningServerAndNeedsTheFullJarOnlyWithoutOne() throws Exception {
        Path repo = workTree("feature/launcher");
        Path file = repo.resolve("src/Lexer.java");
        String db = dir.resolve("colony.db").toString();
        Path alone = Files.createDirectories(dir.resolve("alone")).resolve("colony-hook.jar");
        Files.copy(ColonyJar.hookJar(), alone);
        Map<String, String> claude = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "alice");
        Map<String, String> codex = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "alice",
                "COLONY_AGENT", "codex");

        ColonyJar.Result unserved = ColonyJar.runWithInput(alone, dir, claude,
                payload(repo, "claude-launcher", "Edit", file), "pre-tool-use", "--db", db);
        assertThat(unserved.exitCode()).as("no server and no colony-mcp.jar beside it").isEqualTo(1);
        assertThat(unserved.stderr()).contains("no MCP server serves this store");

        List<String> stderr = new CopyOnWriteArrayList<>();
        McpSyncClient server = ColonyJar.mcpClient(List.of("mcp", "--db", db, "--user", "alice"),
                dir.resolve("home"), "server", stderr);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (stderr.stream().noneMatch(line -> line.contains("serving Claude Code hooks"))) {
                assertThat(System.nanoTime()).as("the server serves hooks; stderr: %s", stderr).isLessThan(deadline);
                Thread.sleep(20);
            }
            ColonyJar.Result claim = ColonyJar.runWithInput(alone, dir, claude,
                    payload(repo, "claude-launcher", "Edit", file), "pre-tool-use", "--db", db);
            ColonyJar.Result warned = ColonyJar.runWithInput(alone, dir, codex,
                    payload(repo, "codex-launcher", "Write", file), "pre-tool-use", "--db", db);

            assertThat(claim).as("served by the server alone").isEqualTo(new ColonyJar.Result(0, "", ""));
            assertThat(warned.exitCode()).as(warned.stderr()).isZero();
            assertThat(JSON.readTree(warned.stdout()).get("hookSpecificOutput").get("additionalContext").asText())
                    .contains("src/Lexer.java").contains("claude-launcher");
        } finally {
            server.closeGracefully();
        }

        ColonyJar.Result beside = ColonyJar.runWithInput(ColonyJar.hookJar(), dir, codex,
                payload(repo, "codex-launcher", "Write", file), "pre-tool-use", "--db", db);
        assertThat(beside.exitCode()).as("the fallback from colony-mcp.jar: %s", beside.stderr()).isZero();
        assertThat(beside.stdout()).contains("claude-launcher");
    }
}
