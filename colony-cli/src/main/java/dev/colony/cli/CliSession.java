package dev.colony.cli;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.SessionId;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.LaunchSettings;
import java.util.function.Function;

/**
 * The session a person's change from the command line runs in: one of the user's {@value SearchCommand#CLI_AGENT}
 * agent, announced for the change and ended after it, so the change is attributed like an agent's and leaves no
 * live session behind.
 */
final class CliSession {

    private CliSession() {
    }

    /** Runs {@code change} as the user's command-line session on {@code colony} and ends the session. */
    static <T> T act(Colony colony, LaunchSettings settings, Function<CallerScope, T> change) {
        SessionId session = colony.sessions().ensure(SessionStart.of(settings.user().value(),
                SearchCommand.CLI_AGENT)).id();
        CallerScope caller = colony.as(new Actor(settings.user(), SearchCommand.CLI_AGENT, session));
        try {
            return change.apply(caller);
        } finally {
            caller.sessions().end(session);
        }
    }
}
