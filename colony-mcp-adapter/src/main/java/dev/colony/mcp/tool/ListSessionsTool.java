package dev.colony.mcp.tool;

import dev.colony.api.session.Sessions;

/** {@code list_sessions}: the caller's user's sessions, newest first. */
public final class ListSessionsTool implements ColonyTool {

    /** Default number of sessions. */
    static final int DEFAULT_LIMIT = 20;

    private static final InputSchema SCHEMA = InputSchema.object()
            .integer("limit", false, 1, Sessions.MAX_LIST_LIMIT, DEFAULT_LIMIT,
                    "Most sessions to return, 1 to " + Sessions.MAX_LIST_LIMIT + " (default "
                            + DEFAULT_LIMIT + ").");

    @Override
    public String name() {
        return "list_sessions";
    }

    @Override
    public String description() {
        return "List the recent agent sessions of your user, newest first: id, agent, ide, cwd, started_at "
                + "and ended_at (epoch ms; ended_at is null while a session is open). Pass an id to timeline to "
                + "walk that session, or to recall_session to bring its context into yours.";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        int limit = arguments.optionalInt("limit", 1, Sessions.MAX_LIST_LIMIT, DEFAULT_LIMIT);
        return context.sessions().list(limit).stream().map(Views::session).toList();
    }
}
