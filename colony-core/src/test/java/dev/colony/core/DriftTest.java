package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.activity.Drift;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Claim drift on every store: a session's recent edits against its active claims on one thread. */
class DriftTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void editsOutsideTheClaimsAndClaimsWithoutEditsAreReported(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock)
                .build()) {
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope claude = as(colony, "alice", "claude-code");
            TaskId task = codex.tasks().open("/work/shop", "feature/drift").thread().id();
            codex.activity().recordEdit(task, "src/old.ts");
            clock.advance(Duration.ofHours(2));
            codex.claims().claim(task, "src/a.ts", null);
            codex.claims().claim(task, "src/b.ts", null);
            codex.activity().recordEdit(task, "src/a.ts");
            codex.activity().recordEdit(task, "/work/shop/src/c.ts");
            claude.activity().recordEdit(task, "src/d.ts");

            Drift drift = claude.activity().drift(task, codex.actor().session(), Duration.ofMinutes(60));

            assertThat(drift.claimedFiles()).containsExactly("src/a.ts", "src/b.ts");
            assertThat(drift.editedFiles()).as("the window and the session filter").containsExactly("src/a.ts",
                    "src/c.ts");
            assertThat(drift.editsWithoutClaim()).containsExactly("src/c.ts");
            assertThat(drift.claimsWithoutEdits()).containsExactly("src/b.ts");
            assertThat(drift.score()).isEqualTo(0.5);
            assertThat(codex.activity().drift(task, codex.actor().session(), Duration.ofHours(3)).editedFiles())
                    .contains("src/old.ts");
            assertRefused(() -> codex.activity().drift(task, codex.actor().session(), Duration.ofDays(2)),
                    ErrorCode.INVALID_ARGUMENT, "window_minutes");
            assertRefused(() -> as(colony, "mallory").activity().drift(task, codex.actor().session(),
                    Duration.ofMinutes(60)), ErrorCode.NOT_FOUND, "task_id");
        }
    }
}
