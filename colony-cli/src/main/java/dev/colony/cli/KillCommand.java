package dev.colony.cli;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import picocli.CommandLine.Command;

/** {@code colony kill RUN}: end a run now. */
@Command(name = "kill", mixinStandardHelpOptions = true,
        description = {"Kill a run: it is recorded killed at once, and the process that executes a shell run stops "
                + "its command with the whole process group."})
public final class KillCommand extends RunActionCommand {

    @Override
    Run apply(CallerScope caller, RunId id) {
        return caller.runs().kill(id);
    }
}
