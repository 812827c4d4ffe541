package dev.colony.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Actor;
import dev.colony.api.example.ExampleSummary;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opt-in scan at server start: off unless {@value ForageOnStart#ENV} turns it on; when on, the session's
 * repository is foraged on a thread of its own; a root that cannot be foraged is logged, never thrown.
 */
class ForageOnStartTest {

    @TempDir
    Path dir;

    @Test
    void theScanRunsOnlyWhenTurnedOnAndNeverFails() throws IOException, InterruptedException {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("examples/cli"));
        Files.writeString(repo.resolve("examples/cli/go.mod"), "module example.com/cli\n\nrequire github.com/spf13/cobra "
                + "v1.8.0\n");
        try (Colony colony = EmbeddedColony.open(dir.resolve("colony.db"))) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor();

            assertThat(ForageOnStart.enabled(Map.of())).isFalse();
            assertThat(ForageOnStart.enabled(Map.of(ForageOnStart.ENV, "0"))).isFalse();
            assertThat(ForageOnStart.start(colony, actor, repo.toString(), Map.of())).isEmpty();
            assertThat(colony.as(actor).examples().list(repo)).isEmpty();

            Optional<Thread> scan = ForageOnStart.start(colony, actor, repo.toString(), Map.of(ForageOnStart.ENV, "1"));
            assertThat(scan).isPresent();
            scan.get().join();
            assertThat(colony.as(actor).examples().list(repo)).extracting(ExampleSummary::exampleName)
                    .containsExactly("cli");

            Optional<Thread> failing = ForageOnStart.start(colony, actor, "relative/root", Map.of(ForageOnStart.ENV,
                    "true"));
            failing.orElseThrow().join();
            assertThat(ForageOnStart.start(colony, actor, null, Map.of(ForageOnStart.ENV, "1"))).isEmpty();
        }
    }
}
