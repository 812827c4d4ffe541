package dev.colony.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.SubtaskDraft;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code plan.ready}: the {@code task_ready_for_agent} tool called in-process (browsing: nothing claimed or
 * released) on a store with 20 plans of 10 sub-tasks and 200 live claims of other sessions, some on the plans'
 * files, against one raw JDBC query of the available sub-tasks in the same SQLite file. The target is on the
 * tool's own p95; the note gives the estimated tokens of its result and of a compact {@code task_plan_list}.
 */
final class PlanReadyScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 20.0;
    static final int TOKEN_BUDGET = 800;
    private static final int PLANS = 20;
    private static final int SUBTASKS = 10;
    private static final int CLAIMS = 200;
    private static final String AVAILABLE = "SELECT plan_id, subtask_index, title, file_scope, depends_on, "
            + "capability_hint FROM plan_subtasks WHERE status = 'available' ORDER BY plan_id, subtask_index LIMIT 200";
    private static final List<String> KINDS = List.of("ui_work", "api_work", "test_work", "infra_work", "doc_work");

    @Override
    public String name() {
        return "plan.ready";
    }

    @Override
    public int defaultSize() {
        return 1_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        String repo = options.workDir().toAbsolutePath().toString();
        int perRound = Math.max(1, size / options.rounds());
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        int readyTokens;
        int listTokens;
        Map<String, Object> args = Map.of("auto_claim", false, "auto_release_stale_claims", false);
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build();
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement available = raw.prepareStatement(AVAILABLE)) {
            CallerScope publisher = colony.as(colony.sessions().ensure(SessionStart.of("bench", "claude-code"))
                    .actor());
            for (int plan = 0; plan < PLANS; plan++) {
                List<SubtaskDraft> subtasks = new ArrayList<>();
                for (int i = 0; i < SUBTASKS; i++) {
                    SubtaskDraft subtask = SubtaskDraft.of("Sub-task " + i + " of plan " + plan,
                            List.of("src/p" + plan + "/Part" + i + ".java")).needing(KINDS.get(i % KINDS.size()));
                    subtasks.add(i < 6 ? subtask : subtask.dependingOn(i - 6));
                }
                publisher.plans().publish(PlanDraft.of(repo, "plan-" + plan, "Bench plan " + plan, subtasks));
            }
            TaskId elsewhere = publisher.tasks().open(repo, "feature/others").thread().id();
            for (int i = 0; i < CLAIMS; i++) {
                CallerScope other = colony.as(colony.sessions().ensure(SessionStart.of("bench", "gemini")).actor());
                String file = i % 4 == 0 ? "src/p" + (i % PLANS) + "/Part" + (i % SUBTASKS) + ".java"
                        : "src/other/File" + i + ".java";
                other.claims().claim(elsewhere, file, null);
            }
            Session reader = colony.sessions().ensure(SessionStart.of("bench", "codex"));
            colony.as(reader.actor()).profiles().upsert("codex", Map.of("ui_work", 0.9, "api_work", 0.6));
            ColonyMcpServer server = new ColonyMcpServer(new ToolContext(colony, reader.user(), reader.agent(),
                    reader.id()));
            readyTokens = TokenBudget.estimate(text(server.call("task_ready_for_agent", args)));
            listTokens = TokenBudget.estimate(text(server.call("task_plan_list", Map.of())));
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> timeTool(server, args, calls, into),
                    colonySide, (calls, into) -> RawReads.time(available, calls, into, "available sub-task"),
                    rawSide);
        } catch (SQLException e) {
            throw new IllegalStateException("raw read failed: " + e.getMessage(), e);
        }
        double p95 = colonySide.percentileMillis(95);
        boolean met = p95 <= TARGET_P95_MILLIS && readyTokens < TOKEN_BUDGET && listTokens < TOKEN_BUDGET;
        return new Result(name(), size, colonySide, rawSide,
                "p95 of task_ready_for_agent / p95 of one raw available-sub-tasks query",
                p95 / rawSide.percentileMillis(95),
                String.format(Locale.ROOT, "p95 <= %.0f ms; ready and plan list < %d tokens", TARGET_P95_MILLIS,
                        TOKEN_BUDGET), met,
                String.format(Locale.ROOT, "%d plans x %d sub-tasks, %d live claims of other sessions, SQLite file; "
                        + "the tool called in-process, browsing; result text %d tokens, compact task_plan_list %d "
                        + "tokens (max(words, chars/4))", PLANS, SUBTASKS, CLAIMS, readyTokens, listTokens));
    }

    private static void timeTool(ColonyMcpServer server, Map<String, Object> args, int calls, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            JsonNode result = server.call("task_ready_for_agent", args);
            into.record(System.nanoTime() - t0);
            if (result.path("isError").asBoolean()) {
                throw new IllegalStateException("task_ready_for_agent failed: " + text(result));
            }
        }
        into.addWall(System.nanoTime() - start);
    }

    private static String text(JsonNode result) {
        return result.path("content").path(0).path("text").asText();
    }
}
