package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.tool.ToolSpec;
import dev.colony.tool.Toolset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The toolsets: together every tool once, the memory toolset small and holding the core, and the instructions of a
 * partial server naming none of the tools it lacks. How a launch picks them is {@code LaunchToolsetsTest}'s (in
 * colony-cli).
 */
class ToolsetTest {

    private static List<String> names(List<ToolSpec<?, ?>> tools) {
        return tools.stream().map(ToolSpec::name).toList();
    }

    @Test
    void everyToolIsInExactlyOneToolsetAndAllOfThemAreTheWholeSurface() {
        for (boolean shell : List.of(false, true)) {
            List<String> joined = new ArrayList<>();
            for (Toolset toolset : Toolset.values()) {
                joined.addAll(names(toolset.tools(shell)));
            }
            assertThat(joined).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(names(ColonyMcpServer.tools(EnumSet.allOf(Toolset.class),
                            shell)));
            assertThat(names(ColonyMcpServer.tools(Toolset.defaults(), shell)))
                    .isEqualTo(names(ColonyMcpServer.tools(shell)))
                    .doesNotContainAnyElementsOf(names(Toolset.SPEC.tools(shell)));
        }
        assertThat(Toolset.MEMORY.tools(false)).hasSizeLessThanOrEqualTo(20);
        assertThat(names(Toolset.MEMORY.tools(false))).contains("search", "get_observations", "memory_add");
        assertThat(Toolset.of("task_output")).contains(Toolset.RUNS);
        assertThat(Toolset.of("no_such_tool")).isEmpty();
    }

    @Test
    void theInstructionsNameOnlyMountedTools() {
        assertThat(ColonyMcpServer.guidance()).contains("memory_add", "task_post", "task_messages");
        for (Toolset toolset : Toolset.values()) {
            List<ToolSpec<?, ?>> mounted = toolset.tools(false);
            String guidance = ColonyMcpServer.guidance(mounted);
            assertThat(guidance).as(toolset.id()).startsWith("Colony is memory shared");
            for (ToolSpec<?, ?> spec : ColonyMcpServer.tools(true)) {
                if (!mounted.contains(spec)) {
                    assertThat(guidance).as(toolset.id()).doesNotContainPattern("\\b" + spec.name() + "\\b");
                }
            }
        }
        assertThat(ColonyMcpServer.guidance(Toolset.MEMORY.tools(false))).contains("get_observations", "memory_add");
        assertThat(ColonyMcpServer.guidance(Toolset.COORDINATION.tools(false))).contains("task_thread", "task_post");
    }
}
