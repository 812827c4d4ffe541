package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony plans} on a real SQLite store, run in-process through the command line. */
class PlansCommandTest {

    @TempDir
    Path dir;

    private Path db;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            var claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            var codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            claude.plans().publish(PlanDraft.of("/work/shop", "widgets", "Add the widget page", List.of(
                    SubtaskDraft.of("Build the widget API", List.of("api/widgets.ts")),
                    SubtaskDraft.of("Build the widget page", List.of("web/widgets.tsx")).dependingOn(0))));
            codex.plans().claim(PlanRef.of("widgets"), 0);
        }
    }

    @Test
    void tableShowsEachSubtaskWithItsWaveStatusClaimerAndWait() {
        CliRun run = CliRun.of(dir, db, "plans");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("widgets  Add the widget page  [open]  0/2 completed, 1 claimed, 0 blocked")
                .containsPattern("0\\s+wave 0\\s+claimed\\s+codex\\s+Build the widget API")
                .containsPattern("1\\s+wave 1\\s+available\\s+-\\s+Build the widget page\\s+\\(waits for \\[0\\]\\)")
                .contains("1 plan (");
    }

    @Test
    void jsonHasEverySubtaskAndBadLimitsAreRefused() throws Exception {
        CliRun run = CliRun.of(dir, db, "plans", "--json");
        CliRun bad = CliRun.of(dir, db, "plans", "--limit", "0");

        JsonNode plans = new ObjectMapper().readTree(run.out());
        assertThat(plans.get(0).get("plan_slug").asText()).isEqualTo("widgets");
        assertThat(plans.get(0).get("subtasks").get(0).get("claimed_by_agent").asText()).isEqualTo("codex");
        assertThat(plans.get(0).get("subtasks").get(1).get("depends_on").get(0).asInt()).isZero();
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("limit");
    }

    @Test
    void readyShowsAnAgentsQueueWithoutClaimingAnything() {
        CliRun codex = CliRun.of(dir, db, "ready", "--agent", "codex");
        CliRun claude = CliRun.of(dir, db, "ready", "--agent", "claude-code", "--json");
        CliRun nobody = CliRun.of(dir, db, "ready", "--agent", "gemini");

        assertThat(codex.exit()).as(codex.err()).isZero();
        assertThat(codex.out()).containsPattern("1\\s+0\\.50\\s+continue_current_task\\s+widgets/sub-0\\s+0\\s+Build the widget API");
        assertThat(claude.exit()).as(claude.err()).isZero();
        assertThat(claude.out().strip()).isEqualTo("[ ]");
        assertThat(nobody.exit()).isNotZero();
        assertThat(nobody.err()).contains("no session of agent 'gemini'");
    }
}
