package dev.colony.tool.spec;

import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** {@code spec_change_add_delta}: append an add, modify or remove of a root row to an open change. */
public final class SpecChangeAddDeltaTool {

    /** The ops, by wire name. */
    public static final class Ops implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(DeltaOp.values()).map(DeltaOp::wireName).toList();
        }
    }

    /** The arguments. */
    public record Args(
            @Param(required = true) @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The change's kebab-case name.", required = true)
            @Size(max = SpecChanges.MAX_SLUG_CHARS) String slug,
            @Param(value = "What to do to the target row.", required = true) @Choices(Ops.class) String op,
            @Param(value = "The root row id, e.g. V.3 or T.12.", required = true) @Size(max = 64) String target,
            @Param("The row's cells after its id; none for remove.")
            @Size(max = SpecChanges.MAX_CELLS) List<String> rowCells) {
    }

    /**
     * The change's size now.
     *
     * @param deltaCount how many deltas the change holds
     */
    public record Result(int deltaCount) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("spec_change_add_delta", "Add a spec delta",
            "Append a delta to an open spec change; one per target row.",
            Args.class, Result.class, (context, args) -> new Result(context.scope().specChanges().addDelta(
                    SpecPaths.repoRoot(args.repoRoot()), args.slug(), DeltaOp.fromWire("op", args.op()),
                    args.target(), args.rowCells()))).asOpenWorld();

    private SpecChangeAddDeltaTool() {
    }
}
