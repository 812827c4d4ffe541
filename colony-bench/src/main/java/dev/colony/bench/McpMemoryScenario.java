package dev.colony.bench;

import dev.colony.api.memory.MemoryStore;
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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code mcp.rss}: the resident memory of the MCP server process ({@code java -jar colony-mcp.jar mcp}, launched
 * as {@link McpFootprintScenario#launch} does: the README's memory settings) holding a store of {@code size} embedded memories, after it answered a run of hybrid
 * searches (model loaded, index open), against the same server on an empty store after the same searches.
 * The index is built and settled first as {@code search.hybrid} settles it (merged into one committed segment), so
 * that the server opens what a long-running process leaves. Resident and peak sizes are read from {@code /proc/<pid>/status} (Linux; elsewhere they are not
 * measured); the searches' latencies are the scenario's two sides.
 */
final class McpMemoryScenario implements Scenario {

    private static final int QUERIES = 200;

    @Override
    public String name() {
        return "mcp.rss";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        EmbeddedCorpus store = EmbeddedCorpus.prepare(name(), size, QUERIES, options);
        long buildStart = System.nanoTime();
        Path index = LuceneSearch.indexDirectoryBeside(store.db());
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(store.db()))
                .search(LuceneSearch.besideStore()).embedder(store.embedder()).build()) {
            MemoryStore memory = colony.as(store.actor()).memories();
            memory.search(SearchQuery.of("warm up"));
            // The server then opens the index as a long-running process leaves it: merged into one segment.
            HybridSearchScenario.warmUp(memory, store.queries(), index);
        }
        double buildSeconds = (System.nanoTime() - buildStart) / 1e9;
        int segments = HybridSearchScenario.committedSegments(index);
        Path home = Files.createDirectories(options.workDir().resolve("home"));
        Latencies full = new Latencies(QUERIES);
        Latencies empty = new Latencies(QUERIES);
        long[] fullKb = serve(store.db(), home, store.queries(), full);
        long[] emptyKb = serve(options.workDir().resolve("empty.db"), home, store.queries(), empty);
        boolean measured = fullKb[0] > 0 && emptyKb[0] > 0;
        return new Result(name(), size, full, empty, "resident memory with the store / with an empty store",
                measured ? fullKb[0] / (double) emptyKb[0] : Double.NaN, "reported (no target)", true,
                String.format(Locale.ROOT, "%s; after %d hybrid searches through the server: resident %s with %d "
                        + "memories (peak %s), %s with none (peak %s); index built and settled once before, in "
                        + "%.1f s, %d committed segment(s)",
                        measured ? "VmRSS from /proc" : "resident memory not measured on this OS", QUERIES,
                        megabytes(fullKb[0]), size, megabytes(fullKb[1]), megabytes(emptyKb[0]),
                        megabytes(emptyKb[1]), buildSeconds, segments));
    }

    private static String megabytes(long kilobytes) {
        return McpFootprintScenario.megabytes(kilobytes);
    }

    /**
     * Starts the server on {@code db}, times {@code queries} as {@code search} calls, and reads its resident
     * and peak resident sizes in kB before stopping it ({@code -1} where they cannot be read).
     */
    private static long[] serve(Path db, Path home, List<String> queries, Latencies into)
            throws IOException, InterruptedException {
        Process process = McpFootprintScenario.launch(db, home, null);
        OutputStream in = process.getOutputStream();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(McpStartScenario.HANDSHAKE.getBytes(StandardCharsets.UTF_8));
            in.flush();
            String initialized = out.readLine();
            if (initialized == null || !initialized.contains("\"protocolVersion\"")) {
                throw new IllegalStateException("the server did not answer initialize: " + initialized);
            }
            long id = 2;
            for (String query : queries) {
                long start = System.nanoTime();
                in.write(McpWire.toolCall(id++, "search", "{\"query\":" + McpWire.quote(query) + ",\"limit\":10}"));
                in.flush();
                String answer = out.readLine();
                into.record(System.nanoTime() - start);
                McpWire.expectOk(String.valueOf(answer));
            }
            long[] sizes = McpFootprintScenario.residentKb(process.pid());
            in.close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
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
}
