package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/**
 * {@code memory_retrieve}: full bodies of typed memories by id, under the name the typed-memory tools use
 * (the ids a signal or a search pointed at). It takes {@code ids} and reads exactly as
 * {@code get_observations} does, through the same access gate, so that an error names the argument the
 * caller gave: a memory of a collection the caller has left is {@code NOT_FOUND} on {@code ids}.
 */
public final class MemoryRetrieveTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Ids from memory_add, a search or a signal.",
                    required = true)
            @Size(min = 1, max = MemoryLimits.MAX_GET_IDS)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> ids) {
    }

    /** The memories, in the order asked. */
    public record Result(List<MemoryViews.Observation> memories) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("memory_retrieve", "Retrieve memories",
            "Read whole memories by id, with their version (for memory_edit), in the order asked.",
            Args.class, Result.class, (context, args) -> {
                List<MemoryId> ids = args.ids().stream().map(MemoryId::of).toList();
                List<Memory> memories = context.memories().get(ids);
                return new Result(memories.stream()
                        .map(memory -> MemoryViews.Observation.of(memory, memory.version())).toList());
            });

    private MemoryRetrieveTool() {
    }
}
