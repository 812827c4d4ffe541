package dev.colony.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.core.Colony;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hooks handed to a running server through the store's local socket: served there when a server
 * listens, done by the hook itself when none does, when the socket is stale, or when the answer comes
 * from a server of another store.
 */
class HookServerTest {

    @TempDir
    Path dir;

    private Path db;
    private Path repo;
    private LaunchSettings settings;

    @BeforeEach
    void store() throws Exception {
        db = dir.resolve("colony.db");
        repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature/socket\n", StandardCharsets.UTF_8);
        settings = LaunchSettings.resolve(db.toString(), null, "alice", "claude-code", null, Map.of(),
                System.getProperties());
    }

    private String hook(String agent, String session, String file) {
        String payload = "{\"session_id\":\"" + session + "\",\"cwd\":\"" + repo + "\",\"tool_name\":\"Edit\","
                + "\"tool_input\":{\"file_path\":\"" + repo.resolve(file) + "\"}}";
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = HookMain.run(new String[] {"pre-tool-use", "--db", db.toString(), "--user", "alice", "--agent",
                agent}, new ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                new PrintWriter(err), Map.of(), System.getProperties());
        assertThat(exit).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void aRunningServerAnswersTheHooksOfItsStoreAndRemovesItsSocketWhenClosed() {
        try (Colony colony = EmbeddedColony.open(settings)) {
            HookServer server = HookServer.start(colony, settings).orElseThrow();
            try {
                assertThat(HookServer.start(colony, settings)).as("one server per store").isEmpty();

                assertThat(hook("claude-code", "claude-sock", "src/A.java")).isEmpty();
                String warning = hook("codex", "codex-sock", "src/A.java");

                assertThat(server.served()).isEqualTo(2);
                assertThat(warning).contains("\"hookEventName\":\"PreToolUse\"").contains("claude-sock");
            } finally {
                server.close();
            }
            assertThat(Files.exists(server.socket())).isFalse();
            assertThat(hook("codex", "codex-sock", "src/A.java")).as("done by the hook itself")
                    .contains("claude-sock");
        }
    }

    @Test
    void aStaleSocketIsTakenOverAndAServerOfAnotherStoreIsNotBelieved() throws Exception {
        Path socket = HookSocket.path(settings, System.getProperty("user.name"));
        HookSocket.prepareDirectory(socket);
        Files.deleteIfExists(socket);
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(Files.exists(socket)).as("a socket file whose server is gone").isTrue();

        try (Colony colony = EmbeddedColony.open(settings);
                HookServer server = HookServer.start(colony, settings).orElseThrow()) {
            assertThat(hook("claude-code", "claude-stale", "src/B.java")).isEmpty();
            assertThat(server.served()).isEqualTo(1);

            String otherStore = HookSocket.request("/elsewhere/colony.db", HookEvent.PRE_TOOL_USE, "alice", "codex",
                    new HookPayload("codex-x", repo.toString(), "Edit", repo.resolve("src/B.java").toString()))
                    .orElseThrow();
            assertThat(HookSocket.call(socket, otherStore)).hasValueSatisfying(outcome ->
                    assertThat(outcome.exit()).isEqualTo(HookMain.EXIT_FAILURE));
        }
    }

    @Test
    void valuesThatCannotTravelOnOneLineAreNotSent() {
        assertThat(HookSocket.request("/s", HookEvent.POST_TOOL_USE, "alice", "claude-code",
                new HookPayload("s", "/repo", "Edit", "/repo/a\nb.java"))).isEqualTo(Optional.empty());
        assertThat(HookSocket.parse("0\n{}")).hasValueSatisfying(o -> assertThat(o.stdout()).isEqualTo("{}"));
        assertThat(HookSocket.parse("garbage")).isEmpty();
    }
}
