package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The shape of every read-only CLI view ({@code colony tasks}, {@code claims}, {@code messages}…):
 * check the options, open the existing store (never create one), read as the user's reader identity
 * (no session is started), then print a table for a terminal or, with {@code --json}, JSON for scripts.
 * A view supplies only what differs: its checks, its read and its two ways of printing.
 *
 * @param <T> what the view reads
 */
abstract class ReadOnlyView<T> implements Callable<Integer> {

    /** How often a live view reads and prints again. */
    static final Duration REFRESH = Duration.ofSeconds(2);
    /** Moves a terminal's cursor home and clears it. */
    private static final String CLEAR_SCREEN = "\033[H\033[2J";

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        check();
        PrintWriter out = spec.commandLine().getOut();
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            boolean again;
            do {
                T view = read(colony, colony.as(Printing.reader(settings)));
                if (json) {
                    out.println(json(view));
                } else {
                    table(out, settings, view);
                }
                out.flush();
                again = live() && pause();
                if (again) {
                    out.print(CLEAR_SCREEN);
                }
            } while (again);
        }
        return 0;
    }

    /** Whether the view refreshes itself until interrupted (a live table in a terminal); false by default. */
    boolean live() {
        return false;
    }

    /** Waits for the next refresh of a live view; false when interrupted. */
    private static boolean pause() {
        try {
            Thread.sleep(REFRESH.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Refuses bad options before the store is opened; nothing by default. */
    void check() {
    }

    /**
     * Reads the view through the reader's scope; {@code colony} is the open store, for a view that must
     * read as one of the user's sessions rather than as the reader.
     */
    abstract T read(Colony colony, CallerScope reader);

    /** The view as JSON text. */
    abstract String json(T view);

    /** The view as a table (or a one-line "nothing here") for a terminal. */
    abstract void table(PrintWriter out, LaunchSettings settings, T view);

    /** Refuses a {@code --limit} outside 1 to {@code max}, naming the option. */
    static void checkLimit(int limit, int max) {
        if (limit < 1 || limit > max) {
            throw ColonyException.invalid("limit", "must be between 1 and " + max + ", was " + limit);
        }
    }
}
