package dev.colony.tool.spec;

import dev.colony.api.spec.OpenedChange;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code spec_change_open}: open a change to a repository's SPEC.md on its own task thread. */
public final class SpecChangeOpenTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The change's kebab-case name.", required = true)
            @Size(max = SpecChanges.MAX_SLUG_CHARS) String slug,
            @Param("What the change is for.") @Size(max = SpecChanges.MAX_PROPOSAL_CHARS) String proposal) {
    }

    /**
     * The opened change.
     *
     * @param taskId the task thread {@code spec/<slug>}, which the caller joined
     * @param path the change file, relative to the repository root
     * @param baseRootHash the SPEC.md hash the change is based on
     */
    public record Result(long taskId, String path, String baseRootHash) {

        static Result of(OpenedChange opened) {
            return new Result(opened.task().value(), opened.path(), opened.baseRootHash());
        }
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("spec_change_open", "Open a spec change",
            "Open a change to the repository's SPEC.md: writes openspec/changes/<slug>/ pinned to the current root "
                    + "and joins you to task thread spec/<slug>.",
            Args.class, Result.class, (context, args) -> Result.of(context.scope().specChanges().open(
                    SpecPaths.repoRoot(args.repoRoot()), args.slug(), args.proposal()))).asOpenWorld();

    private SpecChangeOpenTool() {
    }
}
