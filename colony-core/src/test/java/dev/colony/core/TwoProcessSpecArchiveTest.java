package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.SpecChanges;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs archive the same change of one repository at the same moment, round after round: exactly one archives
 * it, the other is told it is already archived (naming where), and the root ends with every round's delta merged.
 */
class TwoProcessSpecArchiveTest {

    private static final int ROUNDS = 12;

    @TempDir
    Path dir;

    @Test
    void exactlyOneOfTwoProcessesArchivesEachChange() throws Exception {
        String store = dir.resolve("colony.db").toString();
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path repo = Files.createDirectory(dir.resolve("repo"));
        String rows = IntStream.range(0, ROUNDS).mapToObj(round -> "V." + round + "|rule " + round + "|-\n")
                .collect(Collectors.joining());
        String spec = "# SPEC\n\n## §V  invariants\nid|rule|cites\n-|-|-\n" + rows;
        Files.writeString(repo.resolve("SPEC.md"), spec);
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            SpecChanges changes = alice.specChanges();
            for (int round = 0; round < ROUNDS; round++) {
                changes.open(repo, "race-" + round, "");
                changes.addDelta(repo, "race-" + round, DeltaOp.MODIFY, "V." + round, List.of("rule " + round
                        + " merged", "-"));
            }
        }

        List<String> all = ClaimRaceProcess.race(false, dir, SpecArchiveRaceProcess.class, List.of(store,
                barrier.toString(), "child", "parent", "codex", repo.toString(), Integer.toString(ROUNDS)),
                childAlive -> SpecArchiveRaceProcess.run(store, barrier, "parent", "child", childAlive,
                        "claude-code", repo, ROUNDS)).all();

        Map<String, List<String>> byRound = all.stream().collect(Collectors.groupingBy(line -> line.split(" ")[0]));
        assertThat(byRound).hasSize(ROUNDS);
        String date = Files.list(repo.resolve("openspec/archive")).findFirst().orElseThrow().getFileName().toString()
                .substring(0, 10);
        for (int round = 0; round < ROUNDS; round++) {
            String archived = "openspec/archive/" + date + "-race-" + round;
            assertThat(byRound.get(Integer.toString(round))).as("round %d", round).containsExactlyInAnyOrder(
                    round + " ok archived " + archived,
                    round + " NOT_FOUND slug: change race-" + round + " is already archived at " + archived);
        }
        assertThat(repo.resolve("SPEC.md")).hasContent(spec.replace(rows, rows.replace("|-\n", " merged|-\n")));
        assertThat(repo.resolve("openspec/changes")).isEmptyDirectory();
    }
}
