package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code mcp.start}: cold start of the Colony MCP server process ({@code java -jar colony-mcp.jar mcp})
 * until its answer to {@code initialize} is read, against {@link MinimalSdkServer} started the same
 * way ({@code java} with default options, stdin and stdout piped) in the same run, alternating.
 *
 * <p>{@code size} is the number of memories in the store (0: a store created by the first, unmeasured
 * start); a non-empty store is filled and then indexed once before measuring, so every start sees a
 * current index. The note reports {@code tools/list}'s round trip sent right after {@code initialize}, and the
 * first search sent after it: its answer's time from launch and its own round trip (what it waits for the store
 * and the search path), with the default model (loading in the background) and, from as many more starts,
 * keyword-only ({@code COLONY_EMBEDDING_MODEL=none}). The server jar is {@code -Dcolony.mcp.jar}, or found under
 * {@code colony-mcp-adapter/target} from the working directory.
 *
 * <p>{@code mcp.start.cds} measures the same with the class-data archive that {@code colony cds} writes
 * (made once before measuring, in the work directory), started with the options that command prints.
 */
final class McpStartScenario implements Scenario {

    static final double TARGET_P50_MILLIS = 600;
    private static final int STARTS_PER_ROUND = 7;
    private static final int WARM_UP = 2;
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"colony-bench\","
            + "\"version\":\"1\"}}}\n";
    /** The notice a client sends once {@code initialize} is answered. */
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
    /** A client's handshake as one write: {@code initialize} and the notice after it. */
    static final String HANDSHAKE = INITIALIZE + INITIALIZED;
    private static final String LIST = INITIALIZED + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";
    private static final String FIRST_CALL = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"search\",\"arguments\":{\"query\":\"cache retry\",\"limit\":5}}}\n";

    private final boolean withArchive;

    /** The scenario without ({@code mcp.start}) or with ({@code mcp.start.cds}) a class-data archive. */
    McpStartScenario(boolean withArchive) {
        this.withArchive = withArchive;
    }

    @Override
    public String name() {
        return withArchive ? "mcp.start.cds" : "mcp.start";
    }

    @Override
    public int defaultSize() {
        return 0;
    }

    @Override
    public List<Integer> defaultSizes() {
        return List.of(0, 100_000);
    }

    @Override
    public int minimumSize() {
        return 0;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        Path db = options.workDir().resolve("colony.db");
        String note = "empty store";
        if (size > 0) {
            Actor actor = KeywordSearchScenario.fill(db, size, new Corpus(options.seed(), 20_000));
            long t0 = System.nanoTime();
            try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                    .search(LuceneSearch.besideStore()).build()) {
                colony.as(actor).memories().search(SearchQuery.of("warm up"));
            }
            note = String.format(Locale.ROOT, "%d memories, index built once before (%.1f s)", size,
                    (System.nanoTime() - t0) / 1e9);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> colonyCommand = new ArrayList<>(List.of(java));
        if (withArchive) {
            Path archive = options.workDir().resolve("colony-mcp.jsa");
            long t0 = System.nanoTime();
            Process cds = new ProcessBuilder(java, "-jar", serverJar().toString(), "cds", "--archive",
                    archive.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (cds.waitFor() != 0) {
                throw new IllegalStateException("colony cds failed with exit " + cds.exitValue());
            }
            note += String.format(Locale.ROOT, "; archive written by 'colony cds' in %.1f s",
                    (System.nanoTime() - t0) / 1e9);
            colonyCommand.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:disable",
                    "-Xlog:all=warning:stderr"));
        }
        colonyCommand.addAll(List.of("-jar", serverJar().toString(), "mcp", "--db", db.toString(),
                "--user", "bench", "--agent", "bench"));
        List<String> sdkCommand = List.of(java, "-cp", System.getProperty("java.class.path"),
                MinimalSdkServer.class.getName());
        Path home = Files.createDirectories(options.workDir().resolve("home"));
        int starts = STARTS_PER_ROUND * options.rounds();
        Latencies colonySide = new Latencies(starts);
        Latencies sdkSide = new Latencies(starts);
        Latencies firstCall = new Latencies(starts);
        Latencies list = new Latencies(starts);
        Latencies searchOnly = new Latencies(starts);
        Latencies[] keywordOnly = {new Latencies(starts), new Latencies(starts), new Latencies(starts)};
        for (int i = 0; i < WARM_UP; i++) {
            start(colonyCommand, home, Map.of(), null, null);
            start(sdkCommand, home, Map.of(), null, null);
        }
        long colonyWall = 0;
        long sdkWall = 0;
        for (int i = 0; i < starts; i++) {
            colonyWall += start(colonyCommand, home, Map.of(), colonySide, new Latencies[] {firstCall, list, searchOnly});
            sdkWall += start(sdkCommand, home, Map.of(), sdkSide, null);
            start(colonyCommand, home, Map.of("COLONY_EMBEDDING_MODEL", "none"), null, keywordOnly);
        }
        colonySide.addWall(colonyWall);
        sdkSide.addWall(sdkWall);
        double p50 = colonySide.percentileMillis(50);
        return new Result(name(), size, colonySide, sdkSide, "p50 of Colony's start / p50 of the minimal SDK server's",
                p50 / sdkSide.percentileMillis(50), String.format(Locale.ROOT, "p50 <= %.0f ms", TARGET_P50_MILLIS),
                p50 <= TARGET_P50_MILLIS, String.format(Locale.ROOT, "%s; %d starts each, alternating; Colony's "
                        + "first search answered at p50 %.0f ms, p95 %.0f ms after launch (its own round trip, "
                        + "sent after tools/list: p50 %.0f ms, p95 %.0f ms); tools/list right after initialize: p50 "
                        + "%.1f ms, p95 %.1f ms; keyword-only, first search at p50 %.0f ms, p95 %.0f ms after launch "
                        + "(its own round trip p50 %.0f ms, p95 %.0f ms)", note, starts, firstCall.percentileMillis(50),
                        firstCall.percentileMillis(95), searchOnly.percentileMillis(50),
                        searchOnly.percentileMillis(95),
                        list.percentileMillis(50), list.percentileMillis(95), keywordOnly[0].percentileMillis(50),
                        keywordOnly[0].percentileMillis(95), keywordOnly[2].percentileMillis(50),
                        keywordOnly[2].percentileMillis(95)));
    }

    /**
     * Launches one server with {@code env} added to its environment, measures until its {@code initialize} answer,
     * then ends it; returns that time. With
     * {@code firstCall} (the first search from launch, {@code tools/list}'s round trip, the first search's own round
     * trip), lists the tools and makes the first search before ending it.
     */
    private static long start(List<String> command, Path home, Map<String, String> env, Latencies initialized,
            Latencies[] firstCall) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().put("COLONY_HOME", home.toString());
        builder.environment().putAll(env);
        long t0 = System.nanoTime();
        Process process = builder.start();
        OutputStream in = process.getOutputStream();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(INITIALIZE.getBytes(StandardCharsets.UTF_8));
            in.flush();
            String answer = out.readLine();
            long elapsed = System.nanoTime() - t0;
            if (answer == null || !answer.contains("\"protocolVersion\"")) {
                throw new IllegalStateException(command.get(command.size() - 1) + " did not answer initialize: "
                        + answer);
            }
            if (initialized != null) {
                initialized.record(elapsed);
            }
            if (firstCall != null) {
                long listed = System.nanoTime();
                in.write(LIST.getBytes(StandardCharsets.UTF_8));
                in.flush();
                String tools = String.valueOf(out.readLine());
                firstCall[1].record(System.nanoTime() - listed);
                if (!tools.contains("\"inputSchema\"")) {
                    throw new IllegalStateException("no tool list: "
                            + tools.substring(0, Math.min(300, tools.length())));
                }
                long searched = System.nanoTime();
                in.write(FIRST_CALL.getBytes(StandardCharsets.UTF_8));
                in.flush();
                String called = out.readLine();
                long done = System.nanoTime();
                McpWire.expectOk(String.valueOf(called));
                firstCall[0].record(done - t0);
                firstCall[2].record(done - searched);
            }
            in.close();
            // Only the start is measured. The SDK's stdio server does not always exit at end of input, so a
            // server still running two seconds after it is stopped instead of holding up the next start.
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            return elapsed;
        } finally {
            in.close();
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    static Path serverJar() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty("colony.mcp.jar");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        candidates.add(Path.of("colony-mcp-adapter", "target", "colony-mcp.jar"));
        candidates.add(Path.of("..", "colony-mcp-adapter", "target", "colony-mcp.jar"));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("mcp.start needs the server jar: build it (mvn package) and run from the "
                + "project directory, or pass -Dcolony.mcp.jar=/path/to/colony-mcp.jar");
    }
}
