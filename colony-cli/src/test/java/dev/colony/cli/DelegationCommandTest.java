package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colony delegation} shows, sets and clears the store's policy on a real SQLite store; a server declaring a
 * different {@code COLONY_MEMBERS} is refused with a message naming the command, the same one opens, and a command
 * other than the server declares nothing.
 */
class DelegationCommandTest {

    @TempDir
    Path dir;

    private LaunchSettings server(Path db, String members) {
        return LaunchSettings.resolve(db.toString(), null, "alice", "claude-code", null, Map.of("COLONY_HOME",
                dir.resolve("home").toString(), "COLONY_MEMBERS", members, "COLONY_EMBEDDING_MODEL", "none"),
                new Properties());
    }

    @Test
    void theCommandSetsShowsAndClearsThePolicyThatServersDeclareAgainst() {
        Path db = dir.resolve("colony.db");
        CliRun set = CliRun.of(dir, db, "delegation", "--set", "claude-code=codex,shell;codex=claude");
        assertThat(set.exit()).as(set.err()).isZero();
        assertThat(set.out()).contains("is now: claude=codex,shell; codex=claude");
        assertThat(CliRun.of(dir, db, "delegation").out()).contains("claude=codex,shell; codex=claude");

        assertThatThrownBy(() -> EmbeddedColony.open(server(db, "claude=gemini"), false))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.POLICY_CONFLICT);
                    assertThat(e.getMessage()).contains("claude=gemini", "claude=codex,shell", "colony delegation");
                });
        try (Colony same = EmbeddedColony.open(server(db, "claude=shell,codex;codex=claude-code"), false)) {
            assertThat(same.admin().delegation().current()).isPresent();
        }
        try (Colony command = EmbeddedColony.open(server(db, "claude=gemini"))) {
            assertThat(command.admin().delegation().current().orElseThrow().members()).as("a command declares nothing")
                    .containsKey("codex");
        }

        CliRun cleared = CliRun.of(dir, db, "delegation", "--clear");
        assertThat(cleared.out()).contains("Cleared");
        assertThat(CliRun.of(dir, db, "delegation").out()).contains("has no delegation policy");
        try (Colony first = EmbeddedColony.open(server(db, "claude=gemini"), false)) {
            assertThat(first.admin().delegation().current().orElseThrow().members()).as("the first server to declare "
                    + "sets it").isEqualTo(Map.of("claude", java.util.Set.of("gemini")));
        }
        CliRun malformed = CliRun.of(dir, db, "delegation", "--set", "nobody");
        assertThat(malformed.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(malformed.err()).contains("INVALID_ARGUMENT", "set");
    }
}
