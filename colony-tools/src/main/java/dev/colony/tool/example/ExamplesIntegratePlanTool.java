package dev.colony.tool.example;

import dev.colony.api.example.IntegrationPlan;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;
import java.util.Map;

/** {@code examples_integrate_plan}: a deterministic plan to bring a foraged example into the repository. */
public final class ExamplesIntegratePlanTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "From examples_list.", required = true)
            @Size(max = 200) String exampleName,
            @Param("The target's build file, relative to repo_root; default: the root's own manifest.")
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String targetHint) {
    }

    /**
     * The dependency change; Maven and Gradle names are groupId:artifactId.
     *
     * @param add name to version
     * @param remove target declarations an added version replaces
     */
    public record Delta(Map<String, String> add, List<String> remove) {
    }

    /**
     * A file to copy.
     *
     * @param from path in the repository
     * @param toSuggestion suggested path in the target
     * @param rationale why
     */
    public record FileToCopy(String from, String toSuggestion, String rationale) {
    }

    /**
     * The plan.
     *
     * @param exampleName the example
     * @param dependencyDelta what the target lacks
     * @param filesToCopy entry points to copy
     * @param configSteps build commands
     * @param uncertaintyNotes what was guessed or not read
     */
    public record Result(String exampleName, Delta dependencyDelta, List<FileToCopy> filesToCopy,
            List<String> configSteps, List<String> uncertaintyNotes) {

        static Result of(IntegrationPlan plan) {
            return new Result(plan.exampleName(), new Delta(plan.dependencyDelta().add(),
                    plan.dependencyDelta().remove()), plan.filesToCopy().stream().map(file -> new FileToCopy(
                            file.from(), file.toSuggestion(), file.rationale())).toList(),
                    plan.configSteps(), plan.uncertaintyNotes());
        }
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("examples_integrate_plan",
            "Plan an example's integration",
            "A deterministic plan to integrate a foraged example: dependency delta against the target's build "
                    + "file, files to copy, build steps, and what it is unsure of.",
            Args.class, Result.class, (context, args) -> Result.of(context.scope().examples().integrationPlan(
                    RepoRootArgument.of(args.repoRoot()), args.exampleName(), args.targetHint())));

    private ExamplesIntegratePlanTool() {
    }
}
