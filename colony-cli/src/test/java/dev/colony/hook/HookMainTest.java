package dev.colony.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.activity.FileHeat;
import dev.colony.api.activity.FileHeatQuery;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.session.Session;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colony hook pre-tool-use|post-tool-use} in-process on a real SQLite store and real git work
 * trees (a {@code .git} directory, a linked worktree's {@code .git} file, a detached {@code HEAD}):
 * claims, the warning Claude Code shows, recorded edits, and everything the hook leaves alone.
 */
class HookMainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path db;
    private Path repo;

    private record Run(int exit, String out, String err) {
    }

    @BeforeEach
    void repo() throws Exception {
        db = dir.resolve("colony.db");
        repo = gitTree(dir.resolve("repo"), "ref: refs/heads/feature/login");
    }

    private static Path gitTree(Path root, String head) throws Exception {
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git/HEAD"), head + "\n", StandardCharsets.UTF_8);
        return root;
    }

    private Run hook(String event, String agent, String session, String tool, Path file, String... extra) {
        String payload = "{\"session_id\":\"" + session + "\",\"transcript_path\":\"/tmp/t.jsonl\",\"cwd\":\"" + repo
                + "\",\"hook_event_name\":\"X\",\"tool_name\":\"" + tool + "\",\"tool_input\":{\"file_path\":\""
                + file + "\",\"content\":\"" + "x".repeat(100_000) + "\"},\"tool_use_id\":\"t1\"}";
        return run(payload, event, agent, extra);
    }

    private Run run(String payload, String event, String agent, String... extra) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of(event, "--db", db.toString(), "--user", "alice"));
        if (agent != null) {
            args.add("--agent=" + agent);
        }
        args.addAll(List.of(extra));
        int exit = HookMain.run(args.toArray(String[]::new),
                new ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                new PrintWriter(err), Map.of("COLONY_HOME", dir.resolve("home").toString()), new Properties());
        return new Run(exit, out.toString(), err.toString());
    }

    private static Session session(Colony colony, String id) {
        SessionId session = SessionId.of(id);
        return colony.as(new Actor(UserId.of("alice"), "test", session)).sessions().find(session).orElseThrow();
    }

    @Test
    void aClaimedFileWarnsAnotherAgentWithoutBlockingTheEdit() throws Exception {
        Path file = repo.resolve("src/Login.java");

        Run first = hook("pre-tool-use", null, "claude-s1", "Edit", file);
        Run same = hook("pre-tool-use", null, "claude-s1", "MultiEdit", file);
        Run other = hook("pre-tool-use", "codex", "codex-s1", "Write", file);

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).isEmpty();
        assertThat(same.out()).isEmpty();
        assertThat(other.exit()).as(other.err()).isZero();
        JsonNode warning = JSON.readTree(other.out());
        assertThat(warning.get("hookSpecificOutput").get("hookEventName").asText()).isEqualTo("PreToolUse");
        assertThat(warning.get("hookSpecificOutput").has("permissionDecision")).as("never blocks").isFalse();
        assertThat(warning.get("hookSpecificOutput").get("additionalContext").asText())
                .contains("src/Login.java").contains("claude-code").contains("claude-s1").contains("task_message");
        assertThat(warning.get("systemMessage").asText()).contains("src/Login.java");
        try (Colony colony = EmbeddedColony.openExisting(db)) {
            Session claude = session(colony, "claude-s1");
            List<FileClaim> claims = colony.as(claude.actor()).claims().list(null, 10);
            assertThat(claims).singleElement().satisfies(claim -> {
                assertThat(claim.filePath()).isEqualTo("src/Login.java");
                assertThat(claim.session().value()).isEqualTo("claude-s1");
            });
            assertThat(colony.as(claude.actor()).tasks().get(claims.get(0).task()).branch()).isEqualTo("feature/login");
        }
    }

    @Test
    void afterAnEditTheEditIsRecordedAndHeatsTheFile() throws Exception {
        Path file = repo.resolve("src/Cart.java");

        Run post = hook("post-tool-use", null, "claude-s2", "Edit", file);
        hook("post-tool-use", null, "claude-s2", "Edit", file);

        assertThat(post.exit()).as(post.err()).isZero();
        assertThat(post.out()).isEmpty();
        try (Colony colony = EmbeddedColony.openExisting(db)) {
            Session claude = session(colony, "claude-s2");
            assertThat(claude.agent()).isEqualTo(HookMain.DEFAULT_AGENT);
            assertThat(claude.ide()).isEqualTo(ClaudeHook.IDE);
            List<FileHeat> heat = colony.as(claude.actor()).activity().heat(FileHeatQuery.hottest(10));
            assertThat(heat).singleElement().satisfies(h -> {
                assertThat(h.filePath()).isEqualTo("src/Cart.java");
                assertThat(h.events()).isEqualTo(2);
            });
        }
    }

    @Test
    void toolsFilesAndBranchesTheHookIgnoresLeaveTheStoreUntouched() throws Exception {
        Path outside = dir.resolve("elsewhere/notes.md");
        Files.createDirectories(outside.getParent());
        Path detached = gitTree(dir.resolve("detached"), "3f2a9c1d0e4b5a6978877665544332211ffeeddc");

        assertThat(hook("pre-tool-use", null, "s", "Read", repo.resolve("src/A.java"))).isEqualTo(new Run(0, "", ""));
        assertThat(hook("pre-tool-use", null, "s", "Edit", outside)).isEqualTo(new Run(0, "", ""));
        assertThat(hook("pre-tool-use", null, "s", "Edit", detached.resolve("A.java"))).isEqualTo(new Run(0, "", ""));
        assertThat(Files.exists(db)).as("nothing to do: the store is not even opened").isFalse();

        Path main = gitTree(dir.resolve("main"), "ref: refs/heads/main");
        assertThat(hook("pre-tool-use", null, "s", "Edit", main.resolve("A.java"))).isEqualTo(new Run(0, "", ""));
    }

    @Test
    void aLinkedWorktreeIsReadThroughItsGitFile() throws Exception {
        Path gitDir = dir.resolve("repo/.git/worktrees/wt");
        Files.createDirectories(gitDir);
        Files.writeString(gitDir.resolve("HEAD"), "ref: refs/heads/feature/wt\n", StandardCharsets.UTF_8);
        Path tree = dir.resolve("wt");
        Files.createDirectories(tree);
        Files.writeString(tree.resolve(".git"), "gitdir: " + gitDir + "\n", StandardCharsets.UTF_8);

        assertThat(hook("pre-tool-use", null, "claude-s3", "Edit", tree.resolve("src/W.java")).exit()).isZero();

        try (Colony colony = EmbeddedColony.openExisting(db)) {
            Session claude = session(colony, "claude-s3");
            assertThat(claude.branch()).isEqualTo("feature/wt");
            assertThat(claude.repoRoot()).isEqualTo(tree.toString());
        }
    }

    @Test
    void badArgumentsAndPayloadsFailWithoutBlocking() {
        Run unknownEvent = run("{}", "session-start", null);
        Run unknownOption = run("{}", "pre-tool-use", null, "--verbose");
        Run notJson = run("not json", "pre-tool-use", null);
        Run array = run("[1,2]", "pre-tool-use", null);

        for (Run failed : List.of(unknownEvent, unknownOption, notJson, array)) {
            assertThat(failed.exit()).isEqualTo(HookMain.EXIT_FAILURE);
            assertThat(failed.out()).isEmpty();
            assertThat(failed.err()).startsWith("colony hook: ");
        }
        assertThat(unknownEvent.err()).contains("usage");
        assertThat(HookPayload.EDIT_TOOLS).containsExactlyInAnyOrder("Edit", "Write", "MultiEdit", "NotebookEdit");
    }
}
