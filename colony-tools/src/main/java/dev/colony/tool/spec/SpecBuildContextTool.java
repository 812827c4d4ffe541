package dev.colony.tool.spec;

import dev.colony.api.spec.SpecContext;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code spec_build_context}: what one {@code §T} task must respect, instead of the whole spec. */
public final class SpecBuildContextTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The §T row id (T5).", required = true)
            @Size(max = SpecRow.MAX_ID_CHARS) String taskId) {
    }

    /**
     * The context.
     *
     * @param citedIds the rows the task cites, and theirs one level further
     * @param missingIds cited ids no row has
     * @param alwaysInvariants the always-on invariants' ids
     * @param rendered the goal, the task, the cited rows and the always-on invariants as text
     */
    public record Result(List<String> citedIds, List<String> missingIds, List<String> alwaysInvariants,
            String rendered) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("spec_build_context", "Context of a task",
            "Before building a §T task: its row, the rows it cites and the always-on invariants, rendered.",
            Args.class, Result.class, (context, args) -> {
                SpecContext found = context.colony().specs().context(context.colony().specs().read(SpecPaths.repoRoot(
                        args.repoRoot())), args.taskId());
                return new Result(found.citedIds(), found.missingIds(), found.alwaysInvariants().stream()
                        .map(SpecRow::id).toList(), found.rendered());
            });

    private SpecBuildContextTool() {
    }
}
