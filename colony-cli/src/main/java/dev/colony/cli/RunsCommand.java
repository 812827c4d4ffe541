package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony runs}: the user's runs, newest first (status, agent or command, what a blocked run asks, result or
 * error), as a table that refreshes itself in a terminal, or once, or as JSON for scripts.
 */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = {"List the runs the user may see, newest first: every queued, running and blocked run and the "
                + "ended ones not yet delivered.", "In a terminal the table refreshes every 2 seconds until "
                + "interrupted (--once prints it once). A store that does not exist is an error, never created."})
public final class RunsCommand extends ReadOnlyView<List<Run>> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "" + Runs.DEFAULT_VIEWABLE_WINDOW,
            description = "Most runs to print, 1 to " + Runs.MAX_VIEWABLE_WINDOW + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--status", paramLabel = "STATUS", description = "Only runs in this status: queued, "
            + "in_progress, blocked, finished, failed or killed.")
    String status;

    @Option(names = "--agent", paramLabel = "AGENT", description = "Only runs for this agent.")
    String agent;

    @Option(names = "--once", description = "Print the table once, even in a terminal.")
    boolean once;

    @Override
    void check() {
        checkLimit(limit, Runs.MAX_VIEWABLE_WINDOW);
        if (status != null) {
            RunStatus.parse("status", status);
        }
    }

    @Override
    boolean live() {
        return !once && !json && System.console() != null;
    }

    @Override
    List<Run> read(Colony colony, CallerScope reader) {
        return reader.runs().list(new RunQuery(agent, status == null ? null : RunStatus.parse("status", status),
                null, limit));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<Run> runs) {
        if (runs.isEmpty()) {
            out.println("No runs of " + settings.user() + " (" + settings.storeLabel() + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-10s %-6s %-11s %-12s %-20s %s", "RUN", "KIND", "STATUS", "AGENT",
                "CREATED", "WHAT"));
        for (Run run : runs) {
            String what = run.message() != null ? run.message() : run.command();
            String note = run.question() != null && run.status() == RunStatus.BLOCKED ? "asks: " + run.question()
                    : run.error() != null ? "error: " + run.error() : run.result() != null ? "→ " + run.result() : "";
            out.println(String.format(Locale.ROOT, "%-10s %-6s %-11s %-12s %-20s %s%s", run.id().value(),
                    run.kind().wireName(), run.status().wireName(), Printing.oneLine(run.agent() == null ? "-"
                            : run.agent(), 12), Printing.time(run.createdAt()), Printing.oneLine(what, 50),
                    note.isEmpty() ? "" : "  " + Printing.oneLine(note, 60)));
        }
        out.println(runs.size() + (runs.size() == 1 ? " run" : " runs") + " (" + settings.storeLabel() + ", user "
                + settings.user() + ")");
    }

    @Override
    String json(List<Run> runs) {
        ArrayNode array = Printing.jsonArray();
        for (Run run : runs) {
            ObjectNode node = array.addObject();
            node.put("task_id", run.id().value());
            node.put("kind", run.kind().wireName());
            node.put("status", run.status().wireName());
            node.put("agent", run.agent());
            node.put("message", run.message());
            node.put("command", run.command());
            node.put("blocked_on", run.blockedOn() == null ? null : run.blockedOn().wireName());
            node.put("question", run.question());
            node.put("result", run.result());
            node.put("error", run.error());
            node.put("exit_code", run.exitCode());
            node.put("prompt_tokens", run.promptTokens());
            node.put("completion_tokens", run.completionTokens());
            node.put("parent_id", run.parent() == null ? null : run.parent().value());
            node.put("created_at", run.createdAt().toEpochMilli());
        }
        return Printing.prettyJson(array, "runs");
    }
}
