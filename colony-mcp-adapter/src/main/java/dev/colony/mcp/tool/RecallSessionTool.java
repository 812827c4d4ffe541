package dev.colony.mcp.tool;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code recall_session}: a compact window of another session, recorded as a recall in the caller's. */
public final class RecallSessionTool implements ColonyTool {

    private static final InputSchema SCHEMA = InputSchema.object()
            .string("target_session_id", true,
                    "The session to read back: one of your earlier sessions or another agent's.")
            .string("current_session_id", false,
                    "Your own session, which receives the audit record. It must already exist: it is never "
                            + "created here. Defaults to this server's session.")
            .integer("around_id", false, 1, Long.MAX_VALUE, null,
                    "Centre the window on this memory of the target session; by default its latest memories.")
            .integer("limit", false, 1, MemoryLimits.MAX_RECALL_LIMIT, MemoryLimits.DEFAULT_RECALL_LIMIT,
                    "Most memory ids to return, 1 to " + MemoryLimits.MAX_RECALL_LIMIT + " (default "
                            + MemoryLimits.DEFAULT_RECALL_LIMIT + ").");

    @Override
    public String name() {
        return "recall_session";
    }

    @Override
    public String description() {
        return "Bring the context of an earlier or parallel session into your current one without pasting "
                + "bodies: returns the target session and a compact window of its memory ids (id, kind, ts), "
                + "newest first, and records the read as a 'recall' memory in your session "
                + "(recall_observation_id) so the hand-over is auditable. Read the bodies you need with "
                + "get_observations. Fails with SESSION_NOT_FOUND when either session does not exist.";
    }

    @Override
    public InputSchema schema() {
        return SCHEMA;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public Object call(ToolContext context, Arguments arguments) {
        SessionId target = arguments.requiredSessionId("target_session_id");
        SessionId current = arguments.optionalSessionId("current_session_id");
        Long around = arguments.optionalId("around_id");
        int limit = arguments.optionalInt("limit", 1, MemoryLimits.MAX_RECALL_LIMIT,
                MemoryLimits.DEFAULT_RECALL_LIMIT);
        MemoryStore memories = current == null
                ? context.memories()
                : context.memoriesIn(current);
        RecallResult recall = memories.recallSession(target, around == null ? null : MemoryId.of(around), limit);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("recall_observation_id", recall.recallMemory().value());
        result.put("session", Views.session(recall.session()));
        result.put("observations", Views.entries(recall.observations()));
        return result;
    }
}
