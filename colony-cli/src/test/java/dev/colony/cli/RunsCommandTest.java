package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.CallerScope;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony runs}, {@code colony answer} and {@code colony kill} on a real SQLite store, run in-process. */
class RunsCommandTest {

    @TempDir
    Path dir;

    private Path db;
    private String asking;
    private String reviewing;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            CallerScope claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            CallerScope codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            Run login = claude.runs().spawn(RunSpec.agent("codex", "add a login page"));
            codex.runs().take(login.id());
            codex.runs().block(login.id(), BlockedOn.USER_INPUT, "JWT or sessions?");
            asking = login.id().value();
            reviewing = claude.runs().spawn(RunSpec.agent("codex", "review the parser")).id().value();
        }
    }

    @Test
    void theTableShowsEachRunAndWhatABlockedOneAsks() {
        CliRun run = CliRun.of(dir, db, "runs");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern(asking + "\\s+agent\\s+blocked\\s+codex\\s+.*add a login page\\s+"
                + "asks: JWT or sessions\\?").containsPattern(reviewing + "\\s+agent\\s+in_progress\\s+codex")
                .contains("2 runs (");
    }

    @Test
    void answerResumesTheRunAndKillEndsOne() throws Exception {
        CliRun answered = CliRun.of(dir, db, "answer", asking, "JWT");
        CliRun killed = CliRun.of(dir, db, "kill", reviewing);
        CliRun again = CliRun.of(dir, db, "kill", reviewing);
        CliRun bad = CliRun.of(dir, db, "answer", "nope", "x");

        assertThat(answered.exit()).as(answered.err()).isZero();
        assertThat(answered.out()).contains("Run " + asking + " is in_progress.");
        assertThat(killed.out()).contains("Run " + reviewing + " is killed.");
        assertThat(again.exit()).isNotZero();
        assertThat(again.err()).contains("RUN_ALREADY_TERMINAL");
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("run");

        JsonNode runs = new ObjectMapper().readTree(CliRun.of(dir, db, "runs", "--json", "--status", "in_progress")
                .out());
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).get("task_id").asText()).isEqualTo(asking);
        try (Colony colony = EmbeddedColony.open(db)) {
            CallerScope claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            assertThat(claude.runs().get(RunId.parse("id", asking)).answer()).isEqualTo("JWT");
            assertThat(claude.runs().get(RunId.parse("id", reviewing)).status())
                    .isEqualTo(RunStatus.KILLED);
        }
        assertThat(CliRun.of(dir, db, "runs", "--status", "done").err()).contains("status");
    }
}
