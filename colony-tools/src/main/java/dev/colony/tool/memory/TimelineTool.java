package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code timeline}: a compact window of one session's memories, newest first. */
public final class TimelineTool {

    /** The default number of entries. */
    static final int DEFAULT_LIMIT = 50;

    /** The arguments. */
    public record Args(
            @Param(value = "From list_sessions or a hit.",
                    required = true)
            String sessionId,
            @Param
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long aroundId,
            @Param(defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = MemoryLimits.MAX_TIMELINE_LIMIT) int limit) {
    }

    /** The entries, newest first. */
    public record Result(List<MemoryViews.Entry> entries) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("timeline", "Walk a session",
            "One session's memories, newest first, as compact entries without bodies.",
            Args.class, Result.class, (context, args) -> new Result(MemoryViews.Entry.all(context.memories()
                    .timeline(ToolArguments.session("session_id", args.sessionId()),
                            args.aroundId() == null ? null : MemoryId.of(args.aroundId()), args.limit()))));

    private TimelineTool() {
    }
}
