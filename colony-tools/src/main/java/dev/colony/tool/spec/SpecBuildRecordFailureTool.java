package dev.colony.tool.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.spec.BuildFailure;
import dev.colony.api.spec.RecordedFailure;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code spec_build_record_failure}: record a failing test on a change; repeated failures propose an invariant. */
public final class SpecBuildRecordFailureTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The change's kebab-case name.", required = true)
            @Size(max = SpecChanges.MAX_SLUG_CHARS) String slug,
            @Param(value = "The failing test.", required = true)
            @Size(max = SpecChanges.MAX_FAILURE_CHARS) String testId,
            @Param(value = "Its error, class and message.", required = true)
            @Size(max = SpecChanges.MAX_FAILURE_CHARS) String error,
            @Param("Its stack trace; not part of the signature.")
            @Size(max = SpecChanges.MAX_STACK_CHARS) String stack,
            @Param("What broke, one line; the invariant's wording.")
            @Size(max = SpecChanges.MAX_FAILURE_CHARS) String errorSummary,
            @Param(value = "Matching failures that propose a §V invariant.",
                    defaultValue = "" + SpecChanges.DEFAULT_PROMOTE_AFTER)
            @Range(min = 1, max = 100) Integer promoteAfter) {
    }

    /**
     * What the record led to.
     *
     * @param action logged, proposed or reinforced
     * @param signatureHash the failure's signature
     * @param matchCount the change's failures of this signature
     * @param proposalId the invariant's proposal, once there is one
     */
    public record Result(String action, String signatureHash, int matchCount,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long proposalId) {

        static Result of(RecordedFailure recorded) {
            return new Result(recorded.action().wireName(), recorded.signatureHash(), recorded.matchCount(),
                    recorded.proposalId());
        }
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("spec_build_record_failure",
            "Record a build failure",
            "Record a failing test in a spec change's §B; at promote_after matches it proposes a §V invariant, "
                    + "once per signature.",
            Args.class, Result.class, (context, args) -> Result.of(context.scope().specChanges().recordFailure(
                    SpecPaths.repoRoot(args.repoRoot()), args.slug(), new BuildFailure(args.testId(), args.error(),
                            args.stack(), args.errorSummary()), args.promoteAfter()))).asOpenWorld();

    private SpecBuildRecordFailureTool() {
    }
}
