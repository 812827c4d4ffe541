package dev.colony.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony ready --agent NAME}: the ready queue of one agent, as its most recently seen session (or
 * {@code --session}) would get it from {@code task_ready_for_agent}, without claiming or releasing anything.
 */
@Command(name = "ready", mixinStandardHelpOptions = true,
        description = {"Show the plan sub-tasks an agent may take now, ranked for its agent type.",
                "Reads as the agent's most recently seen session; claims and releases nothing."})
public final class ReadyCommand extends ReadOnlyView<ReadyWork> {

    @Option(names = "--agent", paramLabel = "NAME", required = true,
            description = "The agent to rank for (codex, claude-code…).")
    String agent;

    @Option(names = "--session", paramLabel = "ID",
            description = "Read as this session of the agent instead of its most recently seen one.")
    String session;

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only plans of this repository root.")
    String repoRoot;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "10",
            description = "Most entries, 1 to " + PlanRegistry.MAX_READY_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    void check() {
        checkLimit(limit, PlanRegistry.MAX_READY_LIMIT);
    }

    @Override
    ReadyWork read(Colony colony, CallerScope reader) {
        Session as = InboxCommand.sessionOf(reader.sessions().list(Sessions.MAX_LIST_LIMIT), agent, session);
        return colony.as(new Actor(as.user(), as.agent(), as.id())).plans()
                .ready(new ReadyQuery(repoRoot, limit, false, false));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, ReadyWork work) {
        if (work.ready().isEmpty()) {
            out.println("Nothing for " + agent + " to claim (" + settings.storeLabel() + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-3s %-5s %-22s %-24s %-4s %s", "#", "FIT", "REASON", "PLAN/SUB", "WAVE",
                "TITLE"));
        int rank = 1;
        for (ReadyEntry entry : work.ready()) {
            out.println(String.format(Locale.ROOT, "%-3d %-5.2f %-22s %-24s %-4d %s", rank++, entry.fitScore(),
                    entry.reason().wireName(), Printing.oneLine(entry.planSlug() + "/sub-" + entry.subtask().index(),
                            24), entry.subtask().wave(), Printing.oneLine(entry.subtask().title(), 60)));
        }
        out.println(work.totalAvailable() + " claimable (" + settings.storeLabel() + ", agent " + agent + ")");
    }

    @Override
    String json(ReadyWork work) {
        ArrayNode array = Printing.jsonArray();
        for (ReadyEntry entry : work.ready()) {
            ObjectNode node = array.addObject();
            node.put("plan_slug", entry.planSlug());
            node.put("repo_root", entry.repoRoot());
            node.put("subtask_index", entry.subtask().index());
            node.put("wave", entry.subtask().wave());
            node.put("title", entry.subtask().title());
            node.put("capability_hint", entry.subtask().capabilityHint());
            node.put("fit_score", entry.fitScore());
            node.put("reason", entry.reason().wireName());
            node.put("reasoning", entry.reasoning());
            ArrayNode files = node.putArray("file_scope");
            entry.subtask().fileScope().forEach(files::add);
        }
        return Printing.prettyJson(array, "ready sub-tasks");
    }
}
