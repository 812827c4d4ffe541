package dev.colony.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code hook.pre-tool-use}: wall time of a Claude Code hook as Claude Code runs it, one fresh JVM per
 * edit, from launch to exit, on a SQLite store: {@code java -jar colony-hook.jar pre-tool-use} with the
 * payload on stdin and the JVM options the README gives for hooks, while an MCP server has the store
 * open and serves its hook spool (the usual case: Claude Code runs the server too). Every launch claims
 * a new file in a git work tree (a claim that writes: session, thread, claim row, audit memory). The
 * baseline is the same launch with a payload of a tool the hook ignores (Read), answered by the server
 * without touching the store: what the JVM and the hand-over cost alone. The note also gives the same
 * claim through {@code colony-mcp.jar hook} with its class-data archive (served, then with no server:
 * it opens the store itself), and the launcher with no server, which falls back to {@code colony-mcp.jar}.
 */
final class HookScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 150;
    private static final int LAUNCHES_PER_ROUND = 10;
    private static final int WARM_UP = 2;
    /** The JVM options the README recommends for hooks, besides the archive. */
    static final List<String> HOOK_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData");

    @Override
    public String name() {
        return "hook.pre-tool-use";
    }

    @Override
    public int defaultSize() {
        return 0;
    }

    @Override
    public int minimumSize() {
        return 0;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        Path work = options.workDir();
        Path repo = work.resolve("repo");
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature/bench\n", StandardCharsets.UTF_8);
        Path db = work.resolve("colony.db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jar = McpStartScenario.serverJar().toString();
        String launcher = McpStartScenario.serverJar().resolveSibling("colony-hook.jar").toString();
        Path archive = work.resolve("colony-mcp.jsa");
        long t0 = System.nanoTime();
        Process cds = new ProcessBuilder(java, "-jar", jar, "cds", "--archive", archive.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (cds.waitFor() != 0) {
            throw new IllegalStateException("colony cds failed with exit " + cds.exitValue());
        }
        double cdsSeconds = (System.nanoTime() - t0) / 1e9;
        List<String> withArchive = new ArrayList<>(List.of(java, "-XX:SharedArchiveFile=" + archive, "-Xlog:disable",
                "-Xlog:all=warning:stderr"));
        withArchive.addAll(HOOK_OPTIONS);
        withArchive.addAll(List.of("-jar", jar, "hook", "pre-tool-use", "--db", db.toString(), "--user", "bench"));
        List<String> hook = new ArrayList<>(List.of(java));
        hook.addAll(HOOK_OPTIONS);
        hook.addAll(List.of("-jar", launcher, "pre-tool-use", "--db", db.toString(), "--user", "bench"));
        int launches = LAUNCHES_PER_ROUND * options.rounds();
        Latencies served = new Latencies(launches);
        Latencies ignored = new Latencies(launches);
        Latencies servedFull = new Latencies(launches);
        Latencies direct = new Latencies(launches);
        Latencies fallback = new Latencies(launches);
        int file = 0;
        for (int i = 0; i < WARM_UP; i++) {
            launch(withArchive, payload(repo, "Edit", file++), null);
        }
        for (int i = 0; i < launches; i++) {
            launch(withArchive, payload(repo, "Edit", file++), direct);
            launch(hook, payload(repo, "Edit", file++), fallback);
        }
        Process server = startServer(java, archive, jar, db, work);
        try {
            for (int i = 0; i < WARM_UP; i++) {
                launch(hook, payload(repo, "Edit", file++), null);
                launch(hook, payload(repo, "Read", file), null);
            }
            long servedWall = 0;
            long ignoredWall = 0;
            for (int i = 0; i < launches; i++) {
                servedWall += launch(hook, payload(repo, "Edit", file++), served);
                ignoredWall += launch(hook, payload(repo, "Read", file), ignored);
                launch(withArchive, payload(repo, "Edit", file++), servedFull);
            }
            served.addWall(servedWall);
            ignored.addWall(ignoredWall);
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        double p95 = served.percentileMillis(95);
        return new Result(name(), size, served, ignored,
                "p95 of the hook claiming a file / p95 of the same launch for a tool the hook ignores", p95
                        / ignored.percentileMillis(95),
                String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS), p95 <= TARGET_P95_MILLIS,
                String.format(Locale.ROOT, "SQLite store, a new file claimed per launch in a git work tree, %d launches "
                        + "each, alternating; colony-hook.jar with %s, an MCP server on the store serving its hook "
                        + "spool. colony-mcp.jar hook with the archive ('colony cds', %.1f s): served p50 %.0f ms, "
                        + "p95 %.0f ms; no server, opening the store itself: p50 %.0f ms, p95 %.0f ms. colony-hook.jar "
                        + "with no server (falls back to colony-mcp.jar, no archive): p50 %.0f ms, p95 %.0f ms",
                        launches, String.join(" ", HOOK_OPTIONS), cdsSeconds, servedFull.percentileMillis(50),
                        servedFull.percentileMillis(95), direct.percentileMillis(50), direct.percentileMillis(95),
                        fallback.percentileMillis(50), fallback.percentileMillis(95)));
    }

    /**
     * Starts an MCP server on the store (as a client would, and past its handshake, so that the store is
     * open) and waits until it serves the store's hook spool.
     */
    private static Process startServer(String java, Path archive, String jar, Path db, Path work)
            throws IOException, InterruptedException {
        Process server = new ProcessBuilder(java, "-XX:SharedArchiveFile=" + archive, "-Xlog:disable",
                "-Xlog:all=warning:stderr", "-jar", jar, "mcp", "--db", db.toString(), "--user", "bench", "--agent",
                "claude-code").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(work.resolve("server.log").toFile()).start();
        OutputStream in = server.getOutputStream();
        in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n")
                .getBytes(StandardCharsets.UTF_8));
        in.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(work.resolve("server.log")).contains("serving Claude Code hooks")) {
            if (System.nanoTime() > deadline || !server.isAlive()) {
                server.destroyForcibly();
                throw new IllegalStateException("the MCP server did not start serving hooks; see " + work
                        .resolve("server.log"));
            }
            Thread.sleep(50);
        }
        return server;
    }

    private static String payload(Path repo, String tool, int file) {
        return "{\"session_id\":\"bench-hook-session\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"PreToolUse\","
                + "\"tool_name\":\"" + tool + "\",\"tool_input\":{\"file_path\":\"" + repo.resolve("src/File" + file
                + ".java") + "\",\"old_string\":\"a\",\"new_string\":\"b\"}}";
    }

    /** Launches one hook with {@code payload} on stdin and waits for it; returns its wall time. */
    private static long launch(List<String> command, String payload, Latencies into)
            throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(payload.getBytes(StandardCharsets.UTF_8));
        }
        int exit = process.waitFor();
        long elapsed = System.nanoTime() - t0;
        if (exit != 0) {
            throw new IllegalStateException("the hook exited " + exit);
        }
        if (into != null) {
            into.record(elapsed);
        }
        return elapsed;
    }
}
