package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.Runs;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code check_tasks}: the tool called in-process with {@code size} runs in the store, nearly all ended and
 * delivered (as a long-lived store holds them) and {@link #LIVE} live ones, against one reused JDBC statement
 * reading the same default listing (live runs and undelivered ended ones of the caller's namespace, newest first,
 * by the same index) with no access check.
 */
final class CheckTasksScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 5.0;
    static final int LIVE = 12;
    private static final String LISTING = "SELECT id, kind, agent, status, message, result, error, created_at "
            + "FROM runs WHERE namespace_id = ? AND listed = 1 ORDER BY created_at DESC, id DESC LIMIT "
            + Runs.DEFAULT_VIEWABLE_WINDOW;

    @Override
    public String name() {
        return "check_tasks";
    }

    @Override
    public int defaultSize() {
        return 10_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        int perRound = Math.max(1, 2_000 / options.rounds());
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        long fillMillis;
        int tokens;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build();
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement listing = raw.prepareStatement(LISTING)) {
            Session lead = colony.sessions().ensure(SessionStart.of("bench", "claude-code"));
            CallerScope leader = colony.as(lead.actor());
            long fillStart = System.nanoTime();
            fill(leader, size);
            fillMillis = Duration.ofNanos(System.nanoTime() - fillStart).toMillis();
            try (var namespace = raw.createStatement().executeQuery("SELECT namespace_id FROM runs LIMIT 1")) {
                namespace.next();
                listing.setLong(1, namespace.getLong(1));
            }
            ColonyMcpServer server = new ColonyMcpServer(new ToolContext(colony, lead.user(), lead.agent(),
                    lead.id()));
            JsonNode first = server.call("check_tasks", Map.of());
            tokens = TokenBudget.estimate(text(first));
            if (first.path("structuredContent").path("tasks").size() != Math.min(LIVE, Runs.DEFAULT_VIEWABLE_WINDOW)) {
                throw new IllegalStateException("check_tasks returned " + text(first));
            }
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> timeTool(server, calls, into), colonySide,
                    (calls, into) -> RawReads.time(listing, calls, into, "run"), rawSide);
        } catch (SQLException e) {
            throw new IllegalStateException("raw read failed: " + e.getMessage(), e);
        }
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, rawSide, "p95 of check_tasks / p95 of one raw listing query",
                p95 / rawSide.percentileMillis(95), String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS),
                p95 <= TARGET_P95_MILLIS, String.format(Locale.ROOT, "%,d runs (%d live, the rest finished and "
                        + "delivered, written through the library in %,d ms), SQLite file; the tool called "
                        + "in-process; result %d tokens (max(words, chars/4))", size, LIVE, fillMillis, tokens));
    }

    /** {@code size} runs: all but {@link #LIVE} finished and delivered, then the live ones. */
    private static void fill(CallerScope leader, int size) {
        List<Run> ended = new ArrayList<>();
        for (int i = 0; i < size - LIVE; i++) {
            Run run = leader.runs().spawn(RunSpec.agent("codex", "review module " + i));
            leader.runs().finish(run.id(), RunOutcome.finished("module " + i + " reviewed: no findings")
                    .withTokens(1_000, 100));
            ended.add(run);
            if (ended.size() == Runs.MAX_AWAITED) {
                leader.runs().await(ended.stream().map(Run::id).toList(), Duration.ZERO);
                ended.clear();
            }
        }
        if (!ended.isEmpty()) {
            leader.runs().await(ended.stream().map(Run::id).toList(), Duration.ZERO);
        }
        for (int i = 0; i < LIVE; i++) {
            leader.runs().create(RunSpec.agent("codex", "live job " + i));
        }
    }

    private static void timeTool(ColonyMcpServer server, int calls, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            JsonNode result = server.call("check_tasks", Map.of());
            into.record(System.nanoTime() - t0);
            if (result.path("isError").asBoolean()) {
                throw new IllegalStateException("check_tasks failed: " + text(result));
            }
        }
        into.addWall(System.nanoTime() - start);
    }

    private static String text(JsonNode result) {
        return result.path("content").path(0).path("text").asText();
    }
}
