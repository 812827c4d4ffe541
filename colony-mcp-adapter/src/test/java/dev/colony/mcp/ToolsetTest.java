package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.launch.LaunchSettings;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.Toolset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The toolsets: together every tool once, the memory toolset small and holding the core, names read from
 * {@code COLONY_TOOLSETS} and {@code --toolsets} (the option wins), unknown names refused with the valid ones, and
 * the instructions of a partial server naming none of the tools it lacks.
 */
class ToolsetTest {

    private static Properties system() {
        Properties properties = new Properties();
        properties.setProperty("user.name", "os-user");
        properties.setProperty("user.home", "/home/os-user");
        return properties;
    }

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
                    .containsExactlyInAnyOrderElementsOf(names(ColonyMcpServer.tools(shell)));
            assertThat(names(ColonyMcpServer.tools(EnumSet.allOf(Toolset.class), shell)))
                    .isEqualTo(names(ColonyMcpServer.tools(shell)));
        }
        assertThat(Toolset.MEMORY.tools(false)).hasSizeLessThanOrEqualTo(20);
        assertThat(names(Toolset.MEMORY.tools(false))).contains("search", "get_observations", "memory_add");
        assertThat(Toolset.of("task_output")).contains(Toolset.RUNS);
        assertThat(Toolset.of("no_such_tool")).isEmpty();
    }

    @Test
    void toolsetsComeFromTheEnvironmentAndTheOptionWins() {
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThat(defaults.toolsets()).isEqualTo(EnumSet.allOf(Toolset.class));
        LaunchSettings fromEnv = LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_TOOLSETS", " Memory,, runs "), system());
        assertThat(fromEnv.toolsets()).isEqualTo(EnumSet.of(Toolset.MEMORY, Toolset.RUNS));
        assertThat(fromEnv.withToolsets("coordination").toolsets()).isEqualTo(Set.of(Toolset.COORDINATION));
        assertThat(fromEnv.withToolsets(" ").toolsets()).as("a blank option changes nothing")
                .isEqualTo(fromEnv.toolsets());
        assertThat(fromEnv.withToolsets("all").toolsets()).isEqualTo(EnumSet.allOf(Toolset.class));
        assertThat(fromEnv.withHome(java.nio.file.Path.of("/tmp/elsewhere")).toolsets()).isEqualTo(fromEnv.toolsets());
        assertThat(fromEnv.withShellOptions(true, List.of(), List.of()).toolsets()).isEqualTo(fromEnv.toolsets());
    }

    @Test
    void anUnknownOrEmptyListIsRefusedNamingTheFieldAndTheValidNames() {
        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_TOOLSETS", "memory,sign"),
                system())).isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("COLONY_TOOLSETS");
                    assertThat(e.getMessage()).isEqualTo("COLONY_TOOLSETS: no toolset is named 'sign'; the toolsets are "
                            + "memory, collections, coordination, plans, runs, metrics (or all)");
                });
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThatThrownBy(() -> defaults.withToolsets(" , ")).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.getMessage()).startsWith("--toolsets: names no toolset; the toolsets are memory,"));
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
