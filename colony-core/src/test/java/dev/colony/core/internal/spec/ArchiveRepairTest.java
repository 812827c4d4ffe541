package dev.colony.core.internal.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.spec.ArchiveResult;
import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.core.internal.spec.ArchiveSteps.Step;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An archive stopped after each of its steps, as a crash there would stop it, leaves a state the next spec call on
 * the repository repairs: before the root was replaced it is rolled back (root as it was, change still open, no
 * temporary file or marker), after it the archive is finished (merged root, change in the archive, no marker).
 */
class ArchiveRepairTest {

    private static final String SPEC = """
            # SPEC

            ## §V  invariants
            id|rule|cites
            -|-|-
            V.1|ids are never reused|-
            V.2|replays book nothing|V.1
            """;

    @TempDir
    Path dir;

    /** What the seam throws: the archive stops there, as if the process died. */
    private static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @ParameterizedTest
    @EnumSource(Step.class)
    void theNextCallRepairsAnArchiveStoppedAfterEachStep(Step crashAt) throws IOException {
        Path repo = Files.createDirectory(dir.resolve("repo"));
        Files.writeString(repo.resolve("SPEC.md"), SPEC);
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).search(LuceneSearch.inMemory())
                .clock(new MutableClock(Instant.parse("2026-03-04T10:00:00Z"))).build()) {
            CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            SpecChanges changes = alice.specChanges();
            changes.open(repo, "replays", "");
            changes.addDelta(repo, "replays", DeltaOp.MODIFY, "V.2", List.of("replays book nothing new", "V.1"));
            changes.open(repo, "other", "");
            SpecChanges crashing = new SpecChangeService(alice, colony.clock(), step -> {
                if (step == crashAt) {
                    throw new Crash();
                }
            });
            String merged = SPEC.replace("V.2|replays book nothing|V.1", "V.2|replays book nothing new|V.1");

            assertThatThrownBy(() -> crashing.archive(repo, "replays", MergeStrategy.THREE_WAY))
                    .isInstanceOf(Crash.class);
            changes.read(repo, "other");

            Path open = repo.resolve("openspec/changes/replays");
            Path archived = repo.resolve("openspec/archive/2026-03-04-replays");
            boolean finished = crashAt.compareTo(Step.ROOT_RENAMED) >= 0;
            assertThat(repo.resolve("SPEC.md")).hasContent(finished ? merged : SPEC);
            assertThat(Files.exists(open)).isEqualTo(!finished);
            assertThat(Files.exists(archived)).isEqualTo(finished);
            try (Stream<Path> files = Stream.of(repo, open, archived).filter(Files::isDirectory)
                    .flatMap(ArchiveRepairTest::list)) {
                assertThat(files.map(path -> path.getFileName().toString()))
                        .as("no temporary file or marker is left").allMatch(name -> List.of("SPEC.md", "openspec",
                                "CHANGE.md", "BASE.md").contains(name));
            }
            if (!finished) {
                ArchiveResult again = changes.archive(repo, "replays", MergeStrategy.THREE_WAY);
                assertThat(again.status()).isEqualTo(ArchiveStatus.ARCHIVED);
                assertThat(repo.resolve("SPEC.md")).hasContent(merged);
                assertThat(archived.resolve("CHANGE.md")).exists();
            }
        }
    }

    private static Stream<Path> list(Path dir) {
        try {
            return Files.list(dir).toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
