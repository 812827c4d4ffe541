package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony tasks}: the task threads the user may read, newest activity first, as a table for a
 * terminal or as JSON for scripts. It only reads: no session is started, and a store that does not
 * exist is an error naming the path.
 */
@Command(name = "tasks", mixinStandardHelpOptions = true,
        description = {"List the task threads the user may read, newest activity first.",
                "Only reads: a store that does not exist is an error, never created."})
public final class TasksCommand extends ReadOnlyView<List<TasksCommand.Row>> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "50",
            description = "Most threads to print, 1 to " + TaskLimits.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only threads of this repository root.")
    String repoRoot;

    @Option(names = "--branch", paramLabel = "NAME", description = "Only threads of this branch.")
    String branch;


    /** One thread with the sessions that joined it. */
    record Row(TaskThread thread, List<Participant> participants) {
    }

    @Override
    void check() {
        checkLimit(limit, TaskLimits.MAX_LIST_LIMIT);
    }

    @Override
    List<Row> read(Colony colony, CallerScope reader) {
        TaskThreads threads = reader.tasks();
        List<Row> rows = new ArrayList<>();
        for (TaskThread thread : threads.list(new TaskListQuery(repoRoot, branch, limit))) {
            rows.add(new Row(thread, threads.participants(thread.id())));
        }
        return rows;
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<Row> rows) {
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

    @Override
    String json(List<Row> rows) {
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
