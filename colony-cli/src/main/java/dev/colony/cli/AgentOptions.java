package dev.colony.cli;

import picocli.CommandLine.Option;

/** The options that name the agent and its session, for the commands that act as one agent. */
public final class AgentOptions {

    /** The option naming the agent. */
    static final String AGENT = "--agent";

    /** The option naming the session. */
    static final String SESSION = "--session";

    @Option(names = AGENT, paramLabel = "NAME",
            description = "Agent name of the session (default: $COLONY_AGENT, else 'agent').")
    String agent;

    @Option(names = SESSION, paramLabel = "ID",
            description = "Session to resume (default: $COLONY_SESSION, else a fresh session that ends "
                    + "when the server exits).")
    String session;

    /** The value of {@code --agent}, or {@code null}. */
    String agent() {
        return agent;
    }

    /** The value of {@code --session}, or {@code null}. */
    String session() {
        return session;
    }
}
