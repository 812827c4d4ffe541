package dev.colony.cli;

import dev.colony.core.Colony;
import dev.colony.hook.HookMain;
import dev.colony.hook.HookServer;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The workload {@code colony cds} runs in a child JVM that records every class it loads into a
 * class-data archive: an MCP session as a client drives it, on a throwaway store.
 *
 * <p>Two server runs on one store, each through the same launch path as {@code java -jar
 * colony-mcp.jar}: the first opens a new store and writes memories, the second reopens it and reads
 * them back by search, by id, by session and by timeline; then the Claude Code hooks claim, record
 * and warn on the same store, by themselves and through a running server's hook spool. What is loaded
 * here is loaded from the archive on every later start, so the workload covers the handshake, every
 * memory tool, the store (migrations included), the search index (indexing and searching) and the
 * hooks' path. It writes nothing to stdout.
 */
public final class CdsTraining {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"colony-cds\","
            + "\"version\":\"1\"}}}\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";
    private static final int WRITES = 40;

    private CdsTraining() {
    }

    /**
     * Runs the workload; exits with 0 when every request of both runs was answered without a
     * protocol error, 1 otherwise (the archive is then not worth keeping).
     */
    public static void main(String[] args) throws IOException {
        Path directory = TemporaryDirectory.create("colony-cds-");
        boolean ok;
        try {
            String db = directory.resolve(LaunchSettings.DATABASE_FILE).toString();
            McpCommand.plainServerOptions(new String[] {"mcp", "--db", db});
            LaunchSettings settings = LaunchSettings.resolve(db, null, "colony-cds", "colony-cds", null,
                    Map.of(LaunchSettings.ENV_HOME, directory.resolve("home").toString()), System.getProperties());
            ok = serve(settings, writes()) && serve(settings, reads()) && hooks(directory, db);
        } finally {
            TemporaryDirectory.delete(directory);
        }
        System.exit(ok ? 0 : 1);
    }

    /**
     * The Claude Code hooks on the same store, as Claude Code runs them: a claim before an edit, the
     * record after it, and a second agent's claim of the same file, which warns. Whether each exited 0
     * and the conflict printed its warning.
     */
    private static boolean hooks(Path directory, String db) throws IOException {
        Path repo = directory.resolve("repo");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature/cds\n", StandardCharsets.UTF_8);
        String file = repo.resolve("src/Main.java").toString();
        boolean direct = hook("pre-tool-use", "claude-code", "cds-hook-claude", repo, file, db).equals("")
                && hook("post-tool-use", "claude-code", "cds-hook-claude", repo, file, db).equals("")
                && hook("pre-tool-use", "codex", "cds-hook-codex", repo, file, db).contains("additionalContext");
        LaunchSettings settings = LaunchSettings.resolve(db, null, "colony-cds", "colony-cds", null, Map.of(),
                System.getProperties());
        try (Colony colony = EmbeddedColony.open(settings)) {
            Optional<HookServer> server = HookServer.start(colony, settings);
            try {
                boolean served = hook("post-tool-use", "claude-code", "cds-hook-claude", repo, file, db).equals("")
                        && hook("pre-tool-use", "codex", "cds-hook-codex", repo, file, db)
                                .contains("additionalContext");
                return direct && served;
            } finally {
                server.ifPresent(HookServer::close);
            }
        }
    }

    /** One hook run; what it printed, or a marker that never matches when it failed. */
    private static String hook(String event, String agent, String session, Path repo, String file, String db) {
        String payload = "{\"session_id\":\"" + session + "\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"x\","
                + "\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"" + file + "\",\"old_string\":\"a\","
                + "\"new_string\":\"b\"}}";
        StringWriter out = new StringWriter();
        int exit = HookMain.run(new String[] {event, "--db", db, "--user", "colony-cds", "--agent", agent},
                new ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                new PrintWriter(new StringWriter()), Map.of(), System.getProperties());
        return exit == 0 ? out.toString().strip() : "\u0000failed";
    }

    private static String writes() {
        StringBuilder requests = new StringBuilder(INITIALIZE);
        for (int i = 0; i < WRITES; i++) {
            call(requests, 10 + i, "memory_add", "{\"content\":\"Decision " + i + ": the build retries flaky "
                    + "downloads three times before failing (see ci/retry.sh)\",\"type\":\"decision\","
                    + "\"topics\":[\"build\",\"ci\"]}");
        }
        call(requests, 9, "memory_add", "{\"content\":\"\"}");
        return requests.toString();
    }

    private static String reads() {
        StringBuilder requests = new StringBuilder(INITIALIZE);
        call(requests, 10, "search", "{\"query\":\"flaky downloads retry\",\"limit\":5}");
        call(requests, 11, "search", "{\"query\":\"build\",\"type\":\"decision\",\"limit\":20}");
        call(requests, 12, "get_observations", "{\"ids\":[1,2,3]}");
        call(requests, 13, "list_sessions", "{}");
        call(requests, 14, "timeline", "{\"around_id\":2}");
        call(requests, 15, "search", "{\"query\":\"nothing matches this\"}");
        return requests.toString();
    }

    private static void call(StringBuilder requests, int id, String tool, String arguments) {
        requests.append("{\"jsonrpc\":\"2.0\",\"id\":").append(id)
                .append(",\"method\":\"tools/call\",\"params\":{\"name\":\"").append(tool)
                .append("\",\"arguments\":").append(arguments).append("}}\n");
    }

    /** One server run over {@code requests}; whether it ended normally and answered each of them. */
    private static boolean serve(LaunchSettings settings, String requests) {
        ByteArrayOutputStream answers = new ByteArrayOutputStream();
        int exit = StdioServerRunner.run(settings,
                new ByteArrayInputStream(requests.getBytes(StandardCharsets.UTF_8)), answers);
        String out = answers.toString(StandardCharsets.UTF_8);
        long expected = requests.lines().filter(line -> line.contains("\"id\":")).count();
        long answered = out.lines().filter(line -> line.contains("\"result\"")).count();
        return exit == StdioServerRunner.EXIT_OK && answered == expected;
    }
}
