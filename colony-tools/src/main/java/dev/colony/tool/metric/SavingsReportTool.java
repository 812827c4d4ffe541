package dev.colony.tool.metric;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.metric.ToolMetric;
import dev.colony.api.metric.ToolMetrics;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Between;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code savings_report}: the caller's own tool calls in a window (calls, failures by code, estimated tokens,
 * time, cost at the prices given), beside a fixed model of what common coordination loops cost with and without
 * a shared memory. The live part reads the per-call rows the server records; the model is an estimate and says
 * so.
 */
public final class SavingsReportTool {

    /** The environment variable with the price of a million input tokens, when the call gives none. */
    public static final String ENV_INPUT_PRICE = "COLONY_MCP_INPUT_USD_PER_1M";
    /** The environment variable with the price of a million output tokens, when the call gives none. */
    public static final String ENV_OUTPUT_PRICE = "COLONY_MCP_OUTPUT_USD_PER_1M";

    /** The estimated tokens a default report stays within (the compact tools' budget, with room for the envelope). */
    public static final int TOKEN_BUDGET = 760;

    private static final String LIVE_NOTE = "Your recorded tool calls in the window; tokens are estimated from bytes.";

    /** The arguments. */
    public record Args(
            @Param("Start of the window; wins over hours.")
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long sinceMs,
            @Param(value = "The window, back from now.", defaultValue = "24")
            @Range(min = 1, max = 720) int hours,
            @Param("Only this tool's calls.") @Size(max = ToolMetric.MAX_NAME_CHARS) String operation,
            @Param("USD per million input tokens.")
            @Between(min = 0, max = 1_000) Double inputUsdPer_1m,
            @Param("USD per million output tokens.")
            @Between(min = 0, max = 1_000) Double outputUsdPer_1m,
            @Param("Every tool's row and the model's rows.") Boolean detail) {
    }

    /**
     * The window read.
     *
     * @param since its start (epoch ms)
     * @param until its end (epoch ms)
     * @param hours its length in hours
     * @param truncated whether it held more calls than one report reads ({@value ToolMetrics#MAX_LIST_LIMIT},
     *     oldest first)
     */
    public record Window(long since, long until, double hours, boolean truncated) {
    }

    /**
     * The prices used.
     *
     * @param inputUsdPer_1mTokens per million input tokens
     * @param outputUsdPer_1mTokens per million output tokens
     * @param configured whether any price was given (else costs are zero)
     */
    public record CostBasis(double inputUsdPer_1mTokens, double outputUsdPer_1mTokens, boolean configured) {
    }

    /**
     * Failures of one code.
     *
     * @param errorCode the code
     * @param count how many
     * @param lastTs the latest (epoch ms)
     */
    public record ErrorReason(String errorCode, int count, long lastTs) {
    }

    /**
     * The calls of one tool (or of all: {@code __total__}).
     *
     * @param operation the tool
     * @param calls how many calls
     * @param okCount how many succeeded
     * @param errorCount how many failed
     * @param errorReasons the failures by code
     * @param inputTokens estimated tokens of the arguments
     * @param outputTokens estimated tokens of the results
     * @param totalTokens both
     * @param totalCostUsd at the cost basis
     * @param avgInputTokens per call
     * @param avgOutputTokens per call
     * @param totalDurationMs time spent in the server
     * @param avgDurationMs per call
     * @param lastTs the latest call (epoch ms)
     */
    public record Usage(String operation, int calls, int okCount, int errorCount, List<ErrorReason> errorReasons,
            long inputTokens, long outputTokens, long totalTokens, double totalCostUsd, long avgInputTokens,
            long avgOutputTokens, long totalDurationMs, long avgDurationMs, long lastTs) {
    }

    /**
     * What the calls of the window cost.
     *
     * @param note what this part is
     * @param window the window
     * @param costBasis the prices
     * @param totals every tool together
     * @param operations each tool, most tokens first
     */
    public record Live(String note, Window window, CostBasis costBasis, Usage totals, List<Usage> operations) {
    }

    /**
     * One coordination loop of the model.
     *
     * @param operation the loop
     * @param frequencyPerSession how often a session runs it
     * @param baselineTokens tokens per session without a shared memory
     * @param colonyTokens tokens per session with it
     * @param savingsPct the difference, in percent of the baseline
     * @param rationale where the difference comes from
     */
    public record ReferenceRow(String operation, int frequencyPerSession, int baselineTokens, int colonyTokens,
            int savingsPct, String rationale) {
    }

    /**
     * The model's sum.
     *
     * @param baselineTokens per session without a shared memory
     * @param colonyTokens per session with it
     * @param savingsPct the difference, in percent
     */
    public record ReferenceTotals(int baselineTokens, int colonyTokens, int savingsPct) {
    }

    /**
     * The fixed model.
     *
     * @param kind what sort of figures these are
     * @param note how to read them
     * @param rows the loops, with {@code detail} only
     * @param totals their sum
     */
    public record Reference(String kind, String note,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ReferenceRow> rows, ReferenceTotals totals) {
    }

    /**
     * The report.
     *
     * @param live the caller's own calls
     * @param reference the model
     * @param budget what a compact report left out, and how to get it
     */
    public record Result(Live live, Reference reference,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Budget budget) {
    }

    /** The model: per session, tokens an agent spends on each loop without and with a shared memory. */
    static final List<ReferenceRow> MODEL = List.of(
            row("resume work after a break", 2, 6_000, 900,
                    "a timeline of ids and a few hydrated memories instead of pasting the thread's history"),
            row("find an earlier decision", 4, 3_500, 600,
                    "a ranked search with previews instead of grepping notes and pasting the matches"),
            row("learn who works on what", 3, 2_000, 500,
                    "lanes and the attention inbox instead of asking each agent and reading the answers"),
            row("hand work to another agent", 1, 4_000, 700,
                    "a handoff with its files and next steps instead of a long written briefing"),
            row("pick the next piece of work", 2, 2_500, 750,
                    "the ready queue with the claim call instead of reading the whole plan"),
            row("avoid editing a file someone else edits", 5, 1_200, 150,
                    "one claim call instead of a round of messages about who edits what"));

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("savings_report", "Report token use",
            "Your tool calls in a window: calls, failures, estimated tokens, time and cost, in total and for "
                    + "the costliest tools, beside a model of coordination with and without this server.",
            Args.class, Result.class, (context, args) -> {
                Instant until = context.colony().clock().instant();
                Instant since = args.sinceMs() != null ? Instant.ofEpochMilli(args.sinceMs())
                        : until.minus(Duration.ofHours(args.hours()));
                // The window includes its last millisecond: a call made in the same millisecond as the report.
                List<ToolMetric> rows = context.colony().metrics().list(since, until.plusMillis(1),
                        ToolMetrics.MAX_LIST_LIMIT);
                boolean truncated = rows.size() == ToolMetrics.MAX_LIST_LIMIT;
                List<ToolMetric> mine = rows.stream().filter(row -> row.user().equals(context.user()))
                        .filter(row -> args.operation() == null || row.tool().equals(args.operation())).toList();
                Double input = price(args.inputUsdPer_1m(), ENV_INPUT_PRICE);
                Double output = price(args.outputUsdPer_1m(), ENV_OUTPUT_PRICE);
                CostBasis basis = new CostBasis(input == null ? 0 : input, output == null ? 0 : output,
                        input != null || output != null);
                Map<String, List<ToolMetric>> byTool = new TreeMap<>();
                mine.forEach(row -> byTool.computeIfAbsent(row.tool(), tool -> new ArrayList<>()).add(row));
                List<Usage> operations = new ArrayList<>();
                byTool.forEach((tool, calls) -> operations.add(usage(tool, calls, basis)));
                operations.sort(Comparator.comparingLong(Usage::totalTokens).reversed()
                        .thenComparing(Usage::operation));
                Window window = new Window(since.toEpochMilli(), until.toEpochMilli(),
                        Math.round(Duration.between(since, until).toMinutes() / 6.0) / 10.0, truncated);
                Usage totals = usage("__total__", mine, basis);
                boolean detail = Boolean.TRUE.equals(args.detail());
                int baseline = MODEL.stream().mapToInt(r -> r.frequencyPerSession() * r.baselineTokens()).sum();
                int colony = MODEL.stream().mapToInt(r -> r.frequencyPerSession() * r.colonyTokens()).sum();
                Reference reference = new Reference("static_per_session_model", "A fixed estimate per session of "
                        + "common coordination loops with and without a shared memory; not derived from the live "
                        + "window.", detail ? MODEL : List.of(), new ReferenceTotals(baseline, colony,
                                percent(baseline, colony)));
                if (detail) {
                    return new Result(new Live(LIVE_NOTE, window, basis, totals, operations), reference, null);
                }
                int available = operations.size();
                List<Usage> kept = new ArrayList<>(operations);
                return TokenBudget.fit(TOKEN_BUDGET, List.of(kept), (dropped, tokens) -> new Result(
                        new Live(LIVE_NOTE, window, basis, totals, List.copyOf(kept)), reference,
                        new Budget(available, kept.size(), dropped, tokens, "savings_report", dropped == 0 ? null
                                : "Compact report: the costliest tools only; detail: true lists every tool.")));
            });

    private static Usage usage(String operation, List<ToolMetric> calls, CostBasis basis) {
        int ok = (int) calls.stream().filter(ToolMetric::ok).count();
        Map<String, long[]> reasons = new LinkedHashMap<>();
        long in = 0;
        long out = 0;
        long millis = 0;
        long last = 0;
        for (ToolMetric call : calls) {
            in += call.tokensIn();
            out += call.tokensOut();
            millis += call.duration().toMillis();
            last = Math.max(last, call.at().toEpochMilli());
            if (!call.ok()) {
                long[] reason = reasons.computeIfAbsent(call.errorCode() == null ? "UNKNOWN" : call.errorCode(),
                        code -> new long[2]);
                reason[0]++;
                reason[1] = Math.max(reason[1], call.at().toEpochMilli());
            }
        }
        List<ErrorReason> errors = new ArrayList<>();
        reasons.forEach((code, reason) -> errors.add(new ErrorReason(code, (int) reason[0], reason[1])));
        double cost = (in * basis.inputUsdPer_1mTokens() + out * basis.outputUsdPer_1mTokens()) / 1_000_000.0;
        int n = Math.max(1, calls.size());
        return new Usage(operation, calls.size(), ok, calls.size() - ok, errors, in, out, in + out,
                Math.round(cost * 1_000_000) / 1_000_000.0, in / n, out / n, millis, millis / n, last);
    }

    private static Double price(Double given, String variable) {
        if (given != null) {
            return given;
        }
        String text = System.getenv(variable);
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            double value = Double.parseDouble(text.strip());
            return value >= 0 ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static ReferenceRow row(String operation, int frequency, int baseline, int colony, String rationale) {
        return new ReferenceRow(operation, frequency, baseline, colony, percent(baseline, colony), rationale);
    }

    private static int percent(int baseline, int colony) {
        return baseline == 0 ? 0 : (int) Math.round(100.0 * (baseline - colony) / baseline);
    }

    private SavingsReportTool() {
    }
}
