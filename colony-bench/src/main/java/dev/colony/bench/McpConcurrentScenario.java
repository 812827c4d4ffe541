package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.mcp.transport.TransportLimits;
import dev.colony.tool.ToolContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code mcp.concurrent}: batches of {@value #OVERLAP} {@code search} calls sent at once through Colony's
 * stdio transport (they overlap on its call pool) against the same calls sent one at a time, each
 * waiting for the previous answer, on a store of {@code size} memories.
 *
 * <p>A subject latency is the time from sending a batch to the answer of that call; a baseline latency
 * is one call's round trip. The ratio compares calls per second. How much overlapping pays is bounded
 * by the machine's cores, which the note states.
 */
final class McpConcurrentScenario implements Scenario {

    static final int OVERLAP = 8;
    static final double TARGET_RATIO = 1.0;
    private static final int BATCHES = 250;

    @Override
    public String name() {
        return "mcp.concurrent";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException {
        Path db = options.workDir().resolve("colony.db");
        Corpus corpus = new Corpus(options.seed(), 20_000);
        Actor actor = KeywordSearchScenario.fill(db, size, corpus);
        List<String> arguments = new ArrayList<>(BATCHES * OVERLAP);
        for (int i = 0; i < BATCHES * OVERLAP; i++) {
            arguments.add("{\"query\":" + McpWire.quote(corpus.word() + " " + corpus.word()) + ",\"limit\":10}");
        }
        Latencies overlapping = new Latencies(arguments.size() * options.rounds());
        Latencies sequential = new Latencies(arguments.size() * options.rounds());
        try (Colony colony = EmbeddedColony.open(db)) {
            ColonyMcpServer tools = new ColonyMcpServer(
                    new ToolContext(colony, actor.user(), actor.agent(), actor.session()));
            try (McpWire wire = new McpWire(tools, TransportLimits.defaults())) {
                runOverlapping(wire, arguments, null);
                wire.callEach("search", arguments, null);
                for (int round = 0; round < options.rounds(); round++) {
                    runOverlapping(wire, arguments, overlapping);
                    wire.callEach("search", arguments, sequential);
                }
            }
        }
        double ratio = overlapping.opsPerSecond() / sequential.opsPerSecond();
        return new Result(name(), size, overlapping, sequential,
                "calls/s with " + OVERLAP + " overlapping / calls/s one at a time", ratio,
                String.format(Locale.ROOT, "ratio >= %.1f", TARGET_RATIO), ratio >= TARGET_RATIO,
                String.format(Locale.ROOT, "search (two words, limit 10) through the stdio transport in one JVM, "
                        + "%d batches of %d; %d cores available", BATCHES, OVERLAP,
                        Runtime.getRuntime().availableProcessors()));
    }

    private static void runOverlapping(McpWire wire, List<String> arguments, Latencies into)
            throws IOException {
        long start = System.nanoTime();
        for (int batch = 0; batch < arguments.size(); batch += OVERLAP) {
            ByteArrayOutputStream lines = new ByteArrayOutputStream();
            for (int i = batch; i < batch + OVERLAP; i++) {
                lines.writeBytes(McpWire.toolCall(wire.nextId(), "search", arguments.get(i)));
            }
            long t0 = System.nanoTime();
            wire.send(lines.toByteArray());
            for (int i = 0; i < OVERLAP; i++) {
                String answer = wire.readLine();
                long elapsed = System.nanoTime() - t0;
                McpWire.expectOk(answer);
                if (into != null) {
                    into.record(elapsed);
                }
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
