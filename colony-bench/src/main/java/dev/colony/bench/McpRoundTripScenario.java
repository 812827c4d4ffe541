package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.mcp.transport.TransportLimits;
import dev.colony.tool.ToolContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code mcp.roundtrip}: one {@code memory_add} written through Colony's stdio transport in-process
 * (request line into a pipe, JSON-RPC decoding, the call pool, the tool, the answer line back) against
 * the same add made directly on the library, alternating in rounds on the same store.
 *
 * <p>The difference between the two is what the protocol path costs a client per write; process
 * creation and the client's own JSON work are left out, as every MCP client pays them the same way.
 */
final class McpRoundTripScenario implements Scenario {

    static final double TARGET_P50_MILLIS = 0.4;
    private static final int WARM_UP = 3_000;

    @Override
    public String name() {
        return "mcp.roundtrip";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException {
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        List<String> contents = new ArrayList<>(perRound);
        for (int i = 0; i < perRound; i++) {
            contents.add("Fact " + i + ": " + corpus.sentence(12, 30));
        }
        Latencies transport = new Latencies(perRound * options.rounds());
        Latencies direct = new Latencies(perRound * options.rounds());
        try (Colony colony = EmbeddedColony.open(options.workDir().resolve("colony.db"))) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            MemoryStore memory = colony.as(actor).memories();
            ColonyMcpServer tools = new ColonyMcpServer(
                    new ToolContext(colony, actor.user(), actor.agent(), actor.session()));
            try (McpWire wire = new McpWire(tools, TransportLimits.defaults())) {
                List<String> arguments = new ArrayList<>(contents.size());
                for (String content : contents) {
                    arguments.add("{\"content\":" + McpWire.quote(content) + ",\"type\":\"fact\","
                            + "\"topics\":[\"bench\"]}");
                }
                int warmUp = Math.min(contents.size(), WARM_UP);
                wire.callEach("memory_add", arguments.subList(0, warmUp), null);
                runDirect(memory, contents.subList(0, warmUp), null);
                for (int round = 0; round < options.rounds(); round++) {
                    wire.callEach("memory_add", arguments, transport);
                    runDirect(memory, contents, direct);
                }
            }
        }
        double p50 = transport.percentileMillis(50);
        return new Result(name(), size, transport, direct,
                "p50 of the round trip / p50 of the direct add", p50 / direct.percentileMillis(50),
                String.format(Locale.ROOT, "p50 <= %.2f ms", TARGET_P50_MILLIS), p50 <= TARGET_P50_MILLIS,
                String.format(Locale.ROOT, "memory_add through the stdio transport over OS pipes in one JVM "
                        + "(SQLite + Lucene store) vs MemoryStore.add on the same store; the transport adds "
                        + "%.3f ms at p50", p50 - direct.percentileMillis(50)));
    }

    private static void runDirect(MemoryStore memory, List<String> contents, Latencies into) {
        List<String> topics = List.of("bench");
        long start = System.nanoTime();
        for (String content : contents) {
            long t0 = System.nanoTime();
            memory.add(MemoryDraft.of(MemoryKind.FACT, content).withTopics(topics));
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
