package dev.colony.mcp.tool;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryLimits;
import java.util.List;

/** {@code get_observations}: full bodies of memories the caller selected by id. */
public final class GetObservationsTool implements ColonyTool {

    private static final InputSchema SCHEMA = InputSchema.object()
            .ids("ids", true, 1, MemoryLimits.MAX_GET_IDS,
                    "Ids of the memories to read, 1 to " + MemoryLimits.MAX_GET_IDS + ", taken from search, "
                            + "timeline or recall_session results. Ask only for the ones you need; an id that "
                            + "does not exist fails the call with NOT_FOUND naming it.")
            .bool("expand", true,
                    "Kept for compatibility with other Colony servers. Content is stored exactly as written, "
                            + "so bodies always come back complete and readable whatever the value.");

    @Override
    public String name() {
        return "get_observations";
    }

    @Override
    public String description() {
        return "Read the full bodies of selected memories by id: content, metadata, topics, kind, session_id, "
                + "ts (epoch ms), task_id and reply_to, in the order asked. This is the expensive step of "
                + "progressive disclosure: call it only with ids you picked from search, timeline or "
                + "recall_session, never for every hit.";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        List<MemoryId> ids = arguments.requiredIds("ids", 1, MemoryLimits.MAX_GET_IDS).stream()
                .map(MemoryId::of).toList();
        // Checked for its type only: stored content is never compressed, so both forms are the same.
        arguments.optionalBoolean("expand", true);
        return context.memories().get(ids).stream().map(Views::memory).toList();
    }
}
