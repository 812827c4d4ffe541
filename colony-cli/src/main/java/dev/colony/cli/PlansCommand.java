package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.CallerScope;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony plans}: the user's plans, newest first, each with its sub-tasks by wave (status, claimer,
 * what they wait for), as a table for a terminal or as JSON for scripts.
 */
@Command(name = "plans", mixinStandardHelpOptions = true,
        description = {"List the plans the user may read, newest first, with each sub-task's wave, status and "
                + "claimer.", "A store that does not exist is an error, never created."})
public final class PlansCommand extends ReadOnlyView<List<Plan>> {

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "10",
            description = "Most plans to print, 1 to " + PlanRegistry.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only plans of this repository root.")
    String repoRoot;

    @Option(names = "--all", description = "Archived plans too.")
    boolean all;

    @Override
    void check() {
        checkLimit(limit, PlanRegistry.MAX_LIST_LIMIT);
    }

    @Override
    List<Plan> read(Colony colony, CallerScope reader) {
        return reader.plans().list(new PlanListQuery(repoRoot, false, null, all, limit));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<Plan> plans) {
        if (plans.isEmpty()) {
            out.println("No " + (all ? "" : "open ") + "plans of " + settings.user() + " (" + settings.storeLabel()
                    + ").");
            return;
        }
        for (Plan plan : plans) {
            var counts = plan.counts();
            out.println(String.format(Locale.ROOT, "%s  %s  [%s]  %d/%d completed, %d claimed, %d blocked  %s",
                    plan.slug(), Printing.oneLine(plan.title(), 50), plan.status().wireName(),
                    counts.get(SubtaskStatus.COMPLETED), plan.subtasks().size(), counts.get(SubtaskStatus.CLAIMED),
                    counts.get(SubtaskStatus.BLOCKED), plan.repoRoot()));
            for (Subtask subtask : plan.subtasks()) {
                String who = subtask.claimedByAgent() == null ? "-" : subtask.claimedByAgent();
                List<Integer> unmet = plan.unmetDependencies(subtask.index());
                String note = subtask.blockedReason() != null ? "blocked: " + subtask.blockedReason()
                        : subtask.status() == SubtaskStatus.AVAILABLE && !unmet.isEmpty() ? "waits for " + unmet : "";
                out.println(String.format(Locale.ROOT, "  %2d  wave %-2d %-9s %-12s %s%s", subtask.index(),
                        subtask.wave(), subtask.status().wireName(), Printing.oneLine(who, 12),
                        Printing.oneLine(subtask.title(), 60), note.isEmpty() ? "" : "  (" + Printing.oneLine(note, 60)
                                + ")"));
            }
        }
        out.println(plans.size() + (plans.size() == 1 ? " plan" : " plans") + " (" + settings.storeLabel()
                + ", user " + settings.user() + ")");
    }

    @Override
    String json(List<Plan> plans) {
        ArrayNode array = Printing.jsonArray();
        for (Plan plan : plans) {
            ObjectNode node = array.addObject();
            node.put("plan_slug", plan.slug());
            node.put("title", plan.title());
            node.put("repo_root", plan.repoRoot());
            node.put("status", plan.status().wireName());
            node.put("spec_task_id", plan.specTask().value());
            node.put("created_at", plan.createdAt().toEpochMilli());
            ArrayNode subtasks = node.putArray("subtasks");
            for (Subtask subtask : plan.subtasks()) {
                ObjectNode row = subtasks.addObject();
                row.put("subtask_index", subtask.index());
                row.put("title", subtask.title());
                row.put("wave", subtask.wave());
                row.put("status", subtask.status().wireName());
                row.put("task_id", subtask.task().value());
                row.put("branch", subtask.branch());
                row.put("claimed_by_session_id", subtask.claimedBy() == null ? null : subtask.claimedBy().value());
                row.put("claimed_by_agent", subtask.claimedByAgent());
                row.put("blocked_reason", subtask.blockedReason());
                ArrayNode depends = row.putArray("depends_on");
                subtask.dependsOn().forEach(depends::add);
                ArrayNode files = row.putArray("file_scope");
                subtask.fileScope().forEach(files::add);
            }
        }
        return Printing.prettyJson(array, "plans");
    }
}
