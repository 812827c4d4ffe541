package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * The shape of the CLI commands that change one run ({@code colony answer}, {@code colony kill}): open the
 * existing store, act in a session of the user's {@value SearchCommand#CLI_AGENT} agent announced for the one
 * change and ended after it, and print the run's new status.
 */
abstract class RunActionCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "The run's id (colony runs lists them).")
    String run;

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        RunId id = RunId.parse("run", run);
        Run changed;
        try (Colony colony = EmbeddedColony.openExisting(settings)) {
            changed = CliSession.act(colony, settings, caller -> apply(caller, id));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Run " + changed.id() + " is " + changed.status().wireName() + ".");
        out.flush();
        return 0;
    }

    /** The change. */
    abstract Run apply(CallerScope caller, RunId id);
}
