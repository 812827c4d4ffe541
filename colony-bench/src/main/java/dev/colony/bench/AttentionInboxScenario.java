package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.core.Colony;
import dev.colony.core.fixture.BusyStore;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * {@code attention.inbox}: the {@code attention_inbox} tool called in-process (no transport) on the busy
 * store every compact-result budget is measured on (50 threads, 200 messages, 500 claims; see
 * {@link BusyStore}), against the cheapest raw read of its largest bucket: one reused JDBC
 * {@code PreparedStatement} selecting the reader's unread messages, in the same SQLite file. The target
 * is on the tool's own p95; the note gives the estimated tokens of the text the agent receives.
 */
final class AttentionInboxScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 20.0;
    private static final String UNREAD = "SELECT memory_id, task_id, from_agent, urgency, preview FROM messages "
            + "WHERE to_agent_type IN ('claude', 'any') AND status = 'unread' ORDER BY memory_id DESC LIMIT 200";

    @Override
    public String name() {
        return "attention.inbox";
    }

    @Override
    public int defaultSize() {
        return 1_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        MutableClock clock = new MutableClock(Instant.now());
        int perRound = Math.max(1, size / options.rounds());
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        int tokens;
        long fillMillis;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).clock(clock).build();
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement unread = raw.prepareStatement(UNREAD)) {
            long fillStart = System.nanoTime();
            Session reader = BusyStore.fill(colony, clock::advance).reader();
            fillMillis = (System.nanoTime() - fillStart) / 1_000_000;
            ColonyMcpServer server = new ColonyMcpServer(new ToolContext(colony, reader.user(), reader.agent(),
                    reader.id()));
            tokens = TokenBudget.estimate(text(server.call("attention_inbox", Map.of())));
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> timeTool(server, calls, into), colonySide,
                    (calls, into) -> RawReads.time(unread, calls, into, "unread message"), rawSide);
        } catch (SQLException e) {
            throw new IllegalStateException("raw read failed: " + e.getMessage(), e);
        }
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, rawSide,
                "p95 of attention_inbox / p95 of one raw unread-messages query", p95 / rawSide.percentileMillis(95),
                String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS), p95 <= TARGET_P95_MILLIS,
                String.format(Locale.ROOT, "busy store (%d threads, %d messages, %d claims; filled in %,d ms), "
                        + "SQLite file; the tool called in-process through the catalog, result text estimated at %d "
                        + "tokens (max(words, chars/4)); the raw side reads only the largest bucket",
                        BusyStore.TASKS, BusyStore.MESSAGES, BusyStore.CLAIMS, fillMillis, tokens));
    }

    private static void timeTool(ColonyMcpServer server, int calls, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            JsonNode result = server.call("attention_inbox", Map.of());
            into.record(System.nanoTime() - t0);
            if (result.path("isError").asBoolean()) {
                throw new IllegalStateException("attention_inbox failed: " + text(result));
            }
        }
        into.addWall(System.nanoTime() - start);
    }


    private static String text(JsonNode result) {
        return result.path("content").path(0).path("text").asText();
    }
}
