package dev.colony.mcp.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code get_observations}: full bodies of memories the caller selected by id. */
public final class GetObservationsTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Ids of the memories to read, taken from search, timeline or recall_session results. Ask "
                    + "only for the ones you need; an id that does not exist fails the call with NOT_FOUND naming "
                    + "it.", required = true)
            @Size(min = 1, max = MemoryLimits.MAX_GET_IDS)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> ids,
            @Param(value = "Kept for compatibility with other Colony servers. Content is stored exactly as written, "
                    + "so bodies always come back complete and readable whatever the value.", defaultValue = "true")
            boolean expand) {
    }

    /** The memories, in the order asked. */
    public record Result(List<MemoryViews.Observation> observations) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("get_observations", "Read memories",
            "Read the full bodies of selected memories by id: content, metadata, topics, type, session_id, ts "
                    + "(epoch ms), task_id and reply_to, in the order asked. This is the expensive step of "
                    + "progressive disclosure: call it only with ids you picked from search, timeline or "
                    + "recall_session, never for every hit.",
            Args.class, Result.class, (context, args) -> new Result(context.memories()
                    .get(args.ids().stream().map(MemoryId::of).toList()).stream()
                    .map(MemoryViews.Observation::of).toList()));

    private GetObservationsTool() {
    }
}
