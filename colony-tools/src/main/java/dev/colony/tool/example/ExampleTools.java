package dev.colony.tool.example;

import dev.colony.tool.ToolSpec;
import java.util.List;

/** The tools of example projects foraged from a repository, in the order {@code tools/list} shows them. */
public final class ExampleTools {

    /** Every example tool. */
    public static final List<ToolSpec<?, ?>> ALL = List.of(ExamplesListTool.SPEC, ExamplesQueryTool.SPEC,
            ExamplesIntegratePlanTool.SPEC);

    private ExampleTools() {
    }
}
