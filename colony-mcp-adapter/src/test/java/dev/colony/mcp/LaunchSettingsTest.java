package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LaunchSettingsTest {

    private static Properties system() {
        Properties properties = new Properties();
        properties.setProperty("user.name", "os-user");
        properties.setProperty("user.home", "/home/os-user");
        properties.setProperty("user.dir", "/work/here");
        return properties;
    }

    @Test
    void defaultsComeFromTheOperatingSystem() {
        LaunchSettings settings = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThat(settings.database()).isEqualTo(Path.of("/home/os-user/.colony/colony.db"));
        assertThat(settings.user()).isEqualTo(UserId.of("os-user"));
        assertThat(settings.agent()).isEqualTo("agent");
        assertThat(settings.session()).isNull();
    }

    @Test
    void environmentVariablesOverrideDefaults() {
        Map<String, String> env = Map.of("COLONY_HOME", "/srv/colony", "COLONY_USER", "alice",
                "COLONY_AGENT", "codex", "COLONY_SESSION", "codex-7");
        LaunchSettings settings = LaunchSettings.resolve(null, null, null, null, env, system());
        assertThat(settings.database()).isEqualTo(Path.of("/srv/colony/colony.db"));
        assertThat(settings.user()).isEqualTo(UserId.of("alice"));
        assertThat(settings.agent()).isEqualTo("codex");
        assertThat(settings.session()).isEqualTo(SessionId.of("codex-7"));
    }

    @Test
    void colonyDbWinsOverColonyHomeAndOptionsWinOverEverything() {
        Map<String, String> env = Map.of("COLONY_HOME", "/srv/colony", "COLONY_DB", "/data/shared.db",
                "COLONY_USER", "alice", "COLONY_AGENT", "codex", "COLONY_SESSION", "codex-7");
        assertThat(LaunchSettings.resolve(null, null, null, null, env, system()).database())
                .isEqualTo(Path.of("/data/shared.db"));
        LaunchSettings settings = LaunchSettings.resolve("rel/my.db", "bob", "claude-code", "claude-1", env, system());
        assertThat(settings.database()).isEqualTo(Path.of("/work/here/rel/my.db"));
        assertThat(settings.user()).isEqualTo(UserId.of("bob"));
        assertThat(settings.agent()).isEqualTo("claude-code");
        assertThat(settings.session()).isEqualTo(SessionId.of("claude-1"));
    }

    @Test
    void blankValuesCountAsAbsentAndTildeMeansHome() {
        Map<String, String> env = Map.of("COLONY_USER", " ", "COLONY_HOME", "~/colony-data");
        LaunchSettings settings = LaunchSettings.resolve("", null, " ", null, env, system());
        assertThat(settings.user()).isEqualTo(UserId.of("os-user"));
        assertThat(settings.agent()).isEqualTo("agent");
        assertThat(settings.database()).isEqualTo(Path.of("/home/os-user/colony-data/colony.db"));
    }

    @Test
    void malformedIdentitiesNameTheOption() {
        assertThatThrownBy(() -> LaunchSettings.resolve(null, "x".repeat(200), null, null, Map.of(), system()))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("user");
                });
        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, "bad\u0007id", Map.of(), system()))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("session"));
    }
}
