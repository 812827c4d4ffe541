package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code colony} command line as a person runs it, against temporary homes only. */
class CliIT {

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "dana");
    }

    @Test
    void demoRunsOnAFreshHomeAndSearchFindsWhatItWrote() throws Exception {
        ColonyJar.Result demo = ColonyJar.run(dir, env(), "demo");
        assertThat(demo.exitCode()).as(demo.stderr()).isZero();
        assertThat(demo.stdout())
                .contains("user 'dana'")
                .contains("claude-code started session claude-code-")
                .contains("codex started session codex-")
                .contains("claude-code wrote #")
                .contains("codex wrote #")
                .contains("reads #")
                .contains("recalls codex's session")
                .contains("recalls claude-code's session")
                .contains("ended session");
        assertThat(dir.resolve("home").resolve("colony.db")).exists();

        ColonyJar.Result search = ColonyJar.run(dir, env(), "search", "session", "tokens", "--limit", "3");
        assertThat(search.exitCode()).as(search.stderr()).isZero();
        assertThat(search.stdout()).contains("for \"session tokens\"").contains("RS256").contains("decision");
        assertThat(search.stdout()).as("hits show their rank, never a raw score").contains(" 1. #")
                .doesNotContain("score");

        ColonyJar.Result none = ColonyJar.run(dir, env(), "search", "--db", dir.resolve("empty.db").toString(),
                "anything");
        assertThat(none.exitCode()).as(none.stderr()).isZero();
        assertThat(none.stdout()).contains("No memories of dana match \"anything\"");
    }

    @Test
    void versionAndErrorsFollowTheExitCodeContract() throws Exception {
        ColonyJar.Result version = ColonyJar.run(dir, env(), "--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.stdout().strip()).isEqualTo("colony " + System.getProperty("colony.version"));

        ColonyJar.Result badLimit = ColonyJar.run(dir, env(), "search", "--limit", "0", "x");
        assertThat(badLimit.exitCode()).isEqualTo(1);
        assertThat(badLimit.stderr().strip()).startsWith("colony: INVALID_ARGUMENT: limit:").doesNotContain("\n");
        assertThat(badLimit.stdout()).isEmpty();

        ColonyJar.Result usage = ColonyJar.run(dir, env(), "search", "--no-such-option", "x");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.stderr()).contains("--no-such-option");
    }
}
