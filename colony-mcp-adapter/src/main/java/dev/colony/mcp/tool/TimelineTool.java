package dev.colony.mcp.tool;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.MemoryLimits;

/** {@code timeline}: a compact window of one session's memories, newest first. */
public final class TimelineTool implements ColonyTool {

    /** Default number of entries. */
    static final int DEFAULT_LIMIT = 50;

    private static final InputSchema SCHEMA = InputSchema.object()
            .string("session_id", true,
                    "The session to walk: an id from list_sessions, or the session_id of a search hit.")
            .integer("around_id", false, 1, Long.MAX_VALUE, null,
                    "Centre the window on this memory of the session instead of its latest entries.")
            .integer("limit", false, 1, MemoryLimits.MAX_TIMELINE_LIMIT, DEFAULT_LIMIT,
                    "Most entries to return, 1 to " + MemoryLimits.MAX_TIMELINE_LIMIT + " (default "
                            + DEFAULT_LIMIT + ").");

    @Override
    public String name() {
        return "timeline";
    }

    @Override
    public String description() {
        return "Walk one session's memories as compact entries (id, kind, ts in epoch ms), newest first, "
                + "without bodies. Use it to navigate a session you already know (see list_sessions) rather "
                + "than searching everything; read the entries you choose with get_observations.";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        SessionId session = arguments.requiredSessionId("session_id");
        Long around = arguments.optionalId("around_id");
        int limit = arguments.optionalInt("limit", 1, MemoryLimits.MAX_TIMELINE_LIMIT, DEFAULT_LIMIT);
        return Views.entries(context.memories().timeline(session, around == null ? null : MemoryId.of(around),
                limit));
    }
}
