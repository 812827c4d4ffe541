package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import dev.colony.tool.ResultJson;
import dev.colony.tool.lane.HivemindTool;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code colony lanes}: who works on what, one line per session of the user: agent, activity (working,
 * thinking, idle, stalled, dead), branch, thread and claimed files, most recently seen first.
 */
@Command(name = "lanes", mixinStandardHelpOptions = true,
        description = {"List the live lanes: each session's agent, activity, branch, thread and claimed files.",
                "Only reads: no session is started, and a store that does not exist is an error, never created."})
public final class LanesCommand extends ReadOnlyView<List<Lane>> {

    @Option(names = "--repo-root", paramLabel = "DIR", description = "Only lanes of this repository root (repeatable).")
    List<String> repoRoots;

    @Option(names = "--all", description = "Also dead lanes: ended sessions and sessions silent for an hour or more.")
    boolean all;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "50",
            description = "Most lanes to print, 1 to " + Lanes.MAX_LIST_LIMIT + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    void check() {
        checkLimit(limit, Lanes.MAX_LIST_LIMIT);
    }

    @Override
    List<Lane> read(Colony colony, CallerScope reader) {
        return reader.lanes().list(new LaneQuery(repoRoots == null ? Set.of() : Set.copyOf(repoRoots), all, limit));
    }

    @Override
    void table(PrintWriter out, LaunchSettings settings, List<Lane> lanes) {
        if (lanes.isEmpty()) {
            out.println("No " + (all ? "" : "live ") + "lanes (" + settings.storeLabel() + ", user " + settings.user()
                    + ").");
            return;
        }
        out.println(String.format(Locale.ROOT, "%-24s %-14s %-9s %-24s %-5s %-20s %s", "SESSION", "AGENT", "ACTIVITY",
                "BRANCH", "TASK", "LAST SEEN", "FILES"));
        for (Lane lane : lanes) {
            String files = lane.claimedFileCount() == 0 ? "-" : String.join(", ", lane.claimedFiles())
                    + (lane.claimedFileCount() > lane.claimedFiles().size()
                            ? " +" + (lane.claimedFileCount() - lane.claimedFiles().size()) : "");
            out.println(String.format(Locale.ROOT, "%-24s %-14s %-9s %-24s %-5s %-20s %s",
                    Printing.oneLine(lane.session().value(), 24), Printing.oneLine(lane.agent(), 14),
                    lane.activity().wireName(), Printing.oneLine(lane.branch() == null ? "-" : lane.branch(), 24),
                    lane.task() == null ? "-" : String.valueOf(lane.task().value()), Printing.time(lane.lastSeen()),
                    Printing.oneLine(files, 60)));
        }
        out.println(lanes.size() + (lanes.size() == 1 ? " lane" : " lanes") + " (" + settings.storeLabel() + ", user "
                + settings.user() + ")");
    }

    @Override
    String json(List<Lane> lanes) {
        return ResultJson.pretty(lanes.stream().map(HivemindTool.Entry::of).toList());
    }
}
