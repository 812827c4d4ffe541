package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.Colony;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony tasks}: the task threads the user may read, newest activity first, as a table for a
 * terminal or as JSON for scripts. It only reads: no session is started, and a store that does not
 * exist is an error naming the path.
 */
@Command(name = "tasks", mixinStandardHelpOptions = true,
        description = {"List the task threads the user may read, newest activity first.",
                "Only reads: a store that does not exist is an error, never created."})
public final class TasksCommand implements Callable<Integer> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "50",
            description = "Most threads to print, 1 to " + TaskLimits.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only threads of this repository root.")
    String repoRoot;

    @Option(names = "--branch", paramLabel = "NAME", description = "Only threads of this branch.")
    String branch;

    @Option(names = "--json", description = "Print JSON (an array of threads) instead of a table.")
    boolean json;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    /** One thread with the sessions that joined it. */
    private record Row(TaskThread thread, List<Participant> participants) {
    }

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        TaskListQuery query = new TaskListQuery(repoRoot, branch, limit);
        if (limit < 1 || limit > TaskLimits.MAX_LIST_LIMIT) {
            throw ColonyException.invalid("limit", "must be between 1 and " + TaskLimits.MAX_LIST_LIMIT + ", was "
                    + limit);
        }
        List<Row> rows = new ArrayList<>();
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            Actor reader = Printing.reader(settings);
            TaskThreads threads = colony.as(reader).tasks();
            for (TaskThread thread : threads.list(query)) {
                rows.add(new Row(thread, threads.participants(thread.id())));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(rows));
        } else {
            table(out, settings, rows);
        }
        out.flush();
        return 0;
    }

    private static void table(PrintWriter out, LaunchSettings settings, List<Row> rows) {
        if (rows.isEmpty()) {
            out.println("No task threads of " + settings.user() + " (" + settings.storeLabel() + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-6s %-8s %-28s %-20s %-5s %s", "ID", "STATUS", "BRANCH", "UPDATED",
                "SESS", "REPO ROOT"));
        for (Row row : rows) {
            TaskThread thread = row.thread();
            out.println(String.format(Locale.ROOT, "%-6d %-8s %-28s %-20s %-5d %s", thread.id().value(),
                    thread.status().wireName(), Printing.oneLine(text(thread.branch()), 28),
                    Printing.time(thread.updatedAt()), row.participants().size(), text(thread.repoRoot())));
        }
        out.println(rows.size() + (rows.size() == 1 ? " thread" : " threads") + " (" + settings.storeLabel()
                + ", user " + settings.user() + ")");
    }

    private static String text(String value) {
        return value == null ? "-" : value;
    }

    private static String json(List<Row> rows) {
        ArrayNode array = Printing.jsonArray();
        for (Row row : rows) {
            TaskThread thread = row.thread();
            ObjectNode node = array.addObject();
            node.put("id", thread.id().value());
            node.put("title", thread.title());
            node.put("repo_root", thread.repoRoot());
            node.put("branch", thread.branch());
            node.put("status", thread.status().wireName());
            node.put("created_by", thread.createdBy() == null ? null : thread.createdBy().value());
            node.put("created_at", thread.createdAt().toEpochMilli());
            node.put("updated_at", thread.updatedAt().toEpochMilli());
            ArrayNode participants = node.putArray("participants");
            for (Participant participant : row.participants()) {
                participants.addObject()
                        .put("session_id", participant.session().value())
                        .put("agent", participant.agent())
                        .put("joined_at", participant.joinedAt().toEpochMilli());
            }
        }
        return Printing.prettyJson(array, "threads");
    }
}
