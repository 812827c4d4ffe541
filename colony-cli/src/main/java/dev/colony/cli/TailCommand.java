package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.memory.MemoryChange;
import dev.colony.api.memory.MemoryChanges;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony tail}: the change feed as the user may see it, one line per change: the last few changes, then
 * each new one as other processes write it, until interrupted ({@code --once} stops after the last few).
 */
@Command(name = "tail", mixinStandardHelpOptions = true,
        description = {"Print the memories the user may read as they are written, edited, retracted or forgotten, "
                + "one line each: the last few, then new ones as they come, until Ctrl-C.",
                "A store that does not exist is an error, never created."})
public final class TailCommand implements Callable<Integer> {

    /** How often a following tail reads the feed again. */
    static final Duration POLL = Duration.ofSeconds(1);

    @Option(names = {"-n", "--lines"}, paramLabel = "N", defaultValue = "10",
            description = "How many past changes to print first, 0 to " + MemoryLimits.MAX_CHANGES
                    + " (default: ${DEFAULT-VALUE}).")
    int lines;

    @Option(names = "--once", description = "Print the past changes and stop instead of following.")
    boolean once;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (lines < 0 || lines > MemoryLimits.MAX_CHANGES) {
            throw ColonyException.invalid("lines", "must be 0 to " + MemoryLimits.MAX_CHANGES + ", was " + lines);
        }
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter out = spec.commandLine().getOut();
        try (Colony colony = EmbeddedColony.openExisting(settings, false)) {
            CallerScope reader = colony.as(Printing.reader(settings));
            long rev = past(reader, out);
            while (!once && pause()) {
                MemoryChanges page = reader.memories().changes(rev, MemoryLimits.MAX_CHANGES);
                page.changes().forEach(change -> out.println(line(change)));
                out.flush();
                rev = page.nextRev();
            }
        }
        return 0;
    }

    /** Reads the feed to its end, prints the last {@link #lines} changes the user may see, and returns where it is. */
    private long past(CallerScope reader, PrintWriter out) {
        Deque<MemoryChange> last = new ArrayDeque<>();
        long rev = 0;
        while (true) {
            MemoryChanges page = reader.memories().changes(rev, MemoryLimits.MAX_CHANGES);
            for (MemoryChange change : page.changes()) {
                last.addLast(change);
                if (last.size() > lines) {
                    last.removeFirst();
                }
            }
            if (page.nextRev() == rev) {
                break;
            }
            rev = page.nextRev();
        }
        last.forEach(change -> out.println(line(change)));
        out.flush();
        return rev;
    }

    /** {@code rev 42  #17 decision  2026-…Z  session codex-…  task 3  Deploys are frozen…}. */
    static String line(MemoryChange change) {
        String what = switch (change.state()) {
            case LIVE -> Printing.oneLine(change.preview(), 100);
            case RETRACTED -> "(retracted)";
            case GONE -> "(forgotten)";
        };
        return String.format(Locale.ROOT, "rev %-6d #%-5d %-12s %s  session %s%s  %s", change.rev(), change.id()
                .value(), change.kind().name(), Printing.time(change.at()), change.session().value(),
                change.task() == null ? "" : "  task " + change.task().value(), what);
    }

    private static boolean pause() {
        try {
            Thread.sleep(POLL.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
