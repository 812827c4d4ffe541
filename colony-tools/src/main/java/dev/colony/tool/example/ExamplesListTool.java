package dev.colony.tool.example;

import dev.colony.api.example.ExampleSummary;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code examples_list}: the examples foraged from a repository. */
public final class ExamplesListTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot) {
    }

    /**
     * A foraged example.
     *
     * @param exampleName its directory under {@code examples/}
     * @param manifestKind npm, pypi, cargo, go, maven, gradle or unknown
     * @param observationCount its foraged-pattern memories
     * @param lastScannedAt when its memories were written (epoch ms)
     */
    public record Example(String exampleName, String manifestKind, int observationCount, long lastScannedAt) {

        static Example of(ExampleSummary summary) {
            return new Example(summary.exampleName(), summary.manifestKind().wireName(), summary.observationCount(),
                    summary.lastScannedAt().toEpochMilli());
        }
    }

    /**
     * The examples.
     *
     * @param examples by name
     */
    public record Result(List<Example> examples) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("examples_list", "List foraged examples",
            "The example projects foraged from <repo_root>/examples/ (by colony forage), to pick one for "
                    + "examples_query or examples_integrate_plan.",
            Args.class, Result.class, (context, args) -> new Result(context.scope().examples()
                    .list(RepoRootArgument.of(args.repoRoot())).stream().map(Example::of).toList()));

    private ExamplesListTool() {
    }
}
