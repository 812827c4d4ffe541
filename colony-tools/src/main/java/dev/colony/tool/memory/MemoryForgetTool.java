package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolSpec;

/**
 * {@code memory_forget}: withdraws a memory that should no longer be read (wrong, obsolete, or never meant to
 * be shared). The typed-memory documents name no such tool; this is its name here. The library's
 * {@link dev.colony.api.memory.MemoryStore#forget} does the work and the access check.
 */
public final class MemoryForgetTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The memory to forget.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long memoryId,
            @Param
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long expectedVersion) {
    }

    /** The memory and its state afterwards ({@code forgotten}). */
    public record Result(long memoryId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("memory_forget", "Forget a memory",
            "Forget a memory you wrote (a collection admin: any of its memories): nothing shows it again; "
                    + "the store keeps it for audit.",
            Args.class, Result.class, (context, args) -> {
                context.memories().forget(MemoryId.of(args.memoryId()), args.expectedVersion());
                return new Result(args.memoryId(), "forgotten");
            }).asDestructive().asIdempotent();

    private MemoryForgetTool() {
    }
}
