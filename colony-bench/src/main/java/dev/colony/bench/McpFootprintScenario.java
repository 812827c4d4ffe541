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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code mcp.rss.writes}: the resident memory of the real server ({@code java -jar colony-mcp.jar mcp}, launched
 * with the JVM options and environment the README's section Memory gives it) on a new store, with the default model against keyword-only
 * ({@code COLONY_EMBEDDING_MODEL=none}): idle once the first search has answered (the model loaded), after
 * {@code size} {@code memory_add} calls, and after 100 searches more. Sizes are VmRSS (the peak, VmHWM, and the part
 * mapped from files, RssFile) read
 * from {@code /proc/<pid>/status}, so Linux only. The two sides' latencies are the adds.
 *
 * <p>{@code -Drss.prefill=100000} starts each server on a store already holding that many memories (written
 * in-process without vectors, indexed once before the launch), to see what a large store adds.
 * {@code -Drss.jvm="-Xmx64m …"} replaces the server's JVM options (to compare settings);
 * {@code -Drss.nmt=true} starts it with native memory tracking and prints {@code jcmd VM.native_memory summary}
 * of each server to stderr before it stops.
 */
final class McpFootprintScenario implements Scenario {

    /** JVM options the README gives the server (section Memory); {@code -Drss.jvm} replaces them. */
    static final List<String> SERVER_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx256m",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30");
    /**
     * The environment the README gives the server: glibc keeps two malloc arenas instead of one per thread, and
     * gives blocks of 128 kB and more back to the system when they are freed.
     */
    static final Map<String, String> SERVER_ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2",
            "MALLOC_MMAP_THRESHOLD_", "131072", "MALLOC_TRIM_THRESHOLD_", "131072");

    private static final int SEARCHES = 100;

    @Override
    public String name() {
        return "mcp.rss.writes";
    }

    @Override
    public int defaultSize() {
        return 1_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        Corpus corpus = new Corpus(options.seed(), 2_000);
        List<String> contents = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            contents.add("Decision " + i + ": " + corpus.sentence(12, 30));
        }
        List<String> queries = new ArrayList<>(SEARCHES);
        for (int i = 0; i < SEARCHES; i++) {
            queries.add(corpus.sentence(2, 5));
        }
        Latencies withModel = new Latencies(size);
        Latencies keywordOnly = new Latencies(size);
        int prefill = Integer.getInteger("rss.prefill", 0);
        long[] model = serve(prefilled(options.workDir().resolve("model"), prefill, options), null, contents, queries,
                withModel);
        long[] keyword = serve(prefilled(options.workDir().resolve("keyword"), prefill, options), "none", contents,
                queries, keywordOnly);
        boolean measured = model[2] > 0 && keyword[2] > 0;
        return new Result(name(), size, withModel, keywordOnly, "resident memory after the writes, with the model / "
                + "keyword-only", measured ? model[1] / (double) keyword[1] : Double.NaN, "reported (no target)",
                true, String.format(Locale.ROOT, "%s; %s; JVM options %s, environment %s; with the model: idle %s, "
                        + "after %d adds %s, after %d searches more %s (peak %s, file-backed %s); keyword-only: %s, %s, "
                        + "%s (peak %s, file-backed %s)",
                        measured ? "VmRSS from /proc" : "resident memory not measured on this OS",
                        prefill > 0 ? "store pre-filled with " + prefill + " memories" : "new store", jvmOptions(),
                        System.getProperty("rss.jvm") == null ? SERVER_ENVIRONMENT : Map.of(),
                        megabytes(model[0]), size, megabytes(model[1]), SEARCHES, megabytes(model[2]),
                        megabytes(model[3]), megabytes(model[4]), megabytes(keyword[0]), megabytes(keyword[1]),
                        megabytes(keyword[2]), megabytes(keyword[3]), megabytes(keyword[4])));
    }

    /** {@code home}, its store holding {@code count} memories written in-process and indexed once, when positive. */
    private static Path prefilled(Path home, int count, BenchOptions options) throws IOException {
        Files.createDirectories(home);
        if (count > 0) {
            Path db = home.resolve("colony.db");
            Actor actor = KeywordSearchScenario.fill(db, count, new Corpus(options.seed() + 1, 20_000));
            try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                    .search(LuceneSearch.besideStore()).build()) {
                colony.as(actor).memories().search(SearchQuery.of("warm up"));
            }
        }
        return home;
    }

    private static List<String> jvmOptions() {
        String configured = System.getProperty("rss.jvm");
        return configured == null ? SERVER_JVM_OPTIONS
                : Arrays.stream(configured.trim().split("\\s+")).filter(option -> !option.isEmpty()).toList();
    }

    /**
     * Starts the server in {@code home} ({@code embeddingModel} null for the default), answers one search, adds
     * {@code contents} (timed into {@code into}), runs {@code queries}; returns VmRSS in kB idle, after the adds,
     * after the searches, and the peak VmHWM ({@code -1} where /proc cannot tell).
     */
    private static long[] serve(Path home, String embeddingModel, List<String> contents, List<String> queries,
            Latencies into) throws IOException, InterruptedException {
        boolean nmt = Boolean.getBoolean("rss.nmt");
        Process process = launch(home.resolve("colony.db"), home, embeddingModel);
        OutputStream in = process.getOutputStream();
        long[] sizes = new long[5];
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(McpStartScenario.HANDSHAKE.getBytes(StandardCharsets.UTF_8));
            in.flush();
            String initialized = out.readLine();
            if (initialized == null || !initialized.contains("\"protocolVersion\"")) {
                throw new IllegalStateException("the server did not answer initialize: " + initialized);
            }
            long[] id = {2};
            call(in, out, id, "search", "{\"query\":\"warm up\",\"limit\":10}");
            sizes[0] = residentKb(process.pid())[0];
            long start = System.nanoTime();
            for (String content : contents) {
                long t0 = System.nanoTime();
                call(in, out, id, "memory_add", "{\"content\":" + McpWire.quote(content) + ",\"type\":\"decision\"}");
                into.record(System.nanoTime() - t0);
            }
            into.addWall(System.nanoTime() - start);
            sizes[1] = residentKb(process.pid())[0];
            for (String query : queries) {
                call(in, out, id, "search", "{\"query\":" + McpWire.quote(query) + ",\"limit\":10}");
            }
            long[] after = residentKb(process.pid());
            sizes[2] = after[0];
            sizes[3] = after[1];
            sizes[4] = after[2];
            if (nmt) {
                printNativeMemory(process.pid(), embeddingModel == null ? "with the model" : "keyword-only");
            }
            in.close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroy();
            }
            return sizes;
        } finally {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    /**
     * Launches {@code colony-mcp.jar mcp} on {@code db} as the README's section Memory runs it (its JVM options and
     * environment, or {@code -Drss.jvm}; with native memory tracking under {@code -Drss.nmt=true}), with
     * {@code COLONY_HOME} at {@code home} and {@code embeddingModel} (null for the default); stderr is discarded.
     */
    static Process launch(Path db, Path home, String embeddingModel) throws IOException {
        Files.createDirectories(home);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions());
        if (Boolean.getBoolean("rss.nmt")) {
            command.add("-XX:NativeMemoryTracking=summary");
        }
        command.addAll(List.of("-jar", McpStartScenario.serverJar().toString(), "mcp", "--db", db.toString(),
                "--user", "bench", "--agent", "bench"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
        builder.environment().put("COLONY_HOME", home.toString());
        if (System.getProperty("rss.jvm") == null) {
            builder.environment().putAll(SERVER_ENVIRONMENT);
        }
        if (embeddingModel != null) {
            builder.environment().put("COLONY_EMBEDDING_MODEL", embeddingModel);
        }
        return builder.start();
    }

    private static void call(OutputStream in, BufferedReader out, long[] id, String tool, String arguments)
            throws IOException {
        in.write(McpWire.toolCall(id[0]++, tool, arguments));
        in.flush();
        McpWire.expectOk(String.valueOf(out.readLine()));
    }

    /** Prints {@code jcmd <pid> VM.native_memory summary} to stderr under {@code label}. */
    private static void printNativeMemory(long pid, String label) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process report = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "VM.native_memory", "summary")
                .redirectErrorStream(true).start();
        String text = new String(report.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        report.waitFor(30, TimeUnit.SECONDS);
        System.err.println("mcp.rss.writes, " + label + ", native memory:\n" + text);
    }

    /**
     * VmRSS, VmHWM and RssFile (the part mapped from files: the jar, the index) of process {@code pid} in kB, or
     * {@code -1} each where /proc cannot tell.
     */
    static long[] residentKb(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        long[] sizes = {-1, -1, -1};
        if (!Files.isReadable(status)) {
            return sizes;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                sizes[0] = Long.parseLong(line.replaceAll("[^0-9]", ""));
            } else if (line.startsWith("VmHWM:")) {
                sizes[1] = Long.parseLong(line.replaceAll("[^0-9]", ""));
            } else if (line.startsWith("RssFile:")) {
                sizes[2] = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return sizes;
    }

    static String megabytes(long kilobytes) {
        return kilobytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.0f MB", kilobytes / 1024.0);
    }
}
