package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code recall_session}: a compact window of another session, recorded as a recall in the caller's. */
public final class RecallSessionTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The session to read back.",
                    required = true)
            String targetSessionId,
            @Param
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long aroundId,
            @Param(value = "Most memory ids to return.", defaultValue = "" + MemoryLimits.DEFAULT_RECALL_LIMIT)
            @Range(min = 1, max = MemoryLimits.MAX_RECALL_LIMIT) int limit) {
    }

    /** The audit memory's id, the target session and its window of memory ids, newest first. */
    public record Result(long recallObservationId, MemoryViews.SessionView session,
            List<MemoryViews.Entry> observations) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("recall_session", "Recall a session",
            "Bring another session's compact memory window into yours; recorded as a 'recall' memory in your "
                    + "session.",
            Args.class, Result.class, (context, args) -> {
                SessionId target = ToolArguments.session("target_session_id", args.targetSessionId());
                MemoryStore memories = context.memories();
                RecallResult recall = memories.recallSession(target,
                        args.aroundId() == null ? null : MemoryId.of(args.aroundId()), args.limit());
                return new Result(recall.recallMemory().value(), MemoryViews.SessionView.of(recall.session()),
                        MemoryViews.Entry.all(recall.observations()));
            });

    private RecallSessionTool() {
    }
}
