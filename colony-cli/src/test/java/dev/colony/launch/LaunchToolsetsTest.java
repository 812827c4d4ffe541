package dev.colony.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.tool.Toolset;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The toolsets a launch mounts: names read from {@code COLONY_TOOLSETS} and {@code --toolsets} (the option wins), kept
 * by the other changes to the settings, and unknown names refused with the valid ones.
 */
class LaunchToolsetsTest {

    private static Properties system() {
        Properties properties = new Properties();
        properties.setProperty("user.name", "os-user");
        properties.setProperty("user.home", "/home/os-user");
        return properties;
    }

    @Test
    void toolsetsComeFromTheEnvironmentAndTheOptionWins() {
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThat(defaults.toolsets()).isEqualTo(Toolset.defaults()).doesNotContain(Toolset.SPEC);
        LaunchSettings fromEnv = LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_TOOLSETS", " Memory,, runs "), system());
        assertThat(fromEnv.toolsets()).isEqualTo(EnumSet.of(Toolset.MEMORY, Toolset.RUNS));
        assertThat(fromEnv.withToolsets("coordination").toolsets()).isEqualTo(Set.of(Toolset.COORDINATION));
        assertThat(fromEnv.withToolsets(" ").toolsets()).as("a blank option changes nothing")
                .isEqualTo(fromEnv.toolsets());
        assertThat(fromEnv.withToolsets("all").toolsets()).isEqualTo(EnumSet.allOf(Toolset.class));
        assertThat(fromEnv.withToolsets("default,spec").toolsets()).isEqualTo(EnumSet.allOf(Toolset.class));
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
                            + "memory, collections, coordination, plans, runs, metrics, spec (or all, default)");
                });
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThatThrownBy(() -> defaults.withToolsets(" , ")).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.getMessage()).startsWith("--toolsets: names no toolset; the toolsets are memory,"));
    }
}
