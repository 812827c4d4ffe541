package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.spi.storage.ForgottenMemory;
import dev.colony.spi.storage.Presence;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony forget ID [--purge]} on a real SQLite store, run in-process through the command line. */
class ForgetCommandTest {

    @TempDir
    Path dir;

    private Path db;
    private MemoryId leaked;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            Session bob = colony.sessions().ensure(SessionStart.of("bob", "codex"));
            leaked = colony.as(bob.actor()).memories().add(MemoryDraft.of(MemoryKind.FACT,
                    "The release signing key is quartz-heron-19")).id();
        }
    }

    @Test
    void theOwnerForgetsAnyonesMemoryAndThenPurgesIt() {
        CliRun forgot = CliRun.of(dir, db, "forget", String.valueOf(leaked.value()));

        assertThat(forgot.exit()).as(forgot.err()).isZero();
        assertThat(forgot.out()).contains("Forgot memory " + leaked.value()).contains("audit trail");
        try (Colony colony = EmbeddedColony.open(db)) {
            Session bob = colony.sessions().ensure(SessionStart.of("bob", "codex"));
            assertThat(colony.as(bob.actor()).memories().search(SearchQuery.of("quartz-heron-19"))).isEmpty();
            ForgottenMemory audit = colony.storage().read(tx -> tx.memoryForgetting().forgottenMemory(leaked)).orElseThrow();
            assertThat(audit.forgottenBy()).isEqualTo("owner:alice");
            assertThat(audit.memory().content()).contains("quartz-heron-19");
        }

        CliRun again = CliRun.of(dir, db, "forget", String.valueOf(leaked.value()));
        CliRun purged = CliRun.of(dir, db, "forget", String.valueOf(leaked.value()), "--purge");

        assertThat(again.exit()).isNotZero();
        assertThat(again.err()).contains("forgotten already");
        assertThat(purged.exit()).as(purged.err()).isZero();
        assertThat(purged.out()).contains("Purged memory " + leaked.value());
        try (Colony colony = EmbeddedColony.open(db)) {
            ForgottenMemory audit = colony.storage().read(tx -> tx.memoryForgetting().forgottenMemory(leaked)).orElseThrow();
            assertThat(audit.presence()).isEqualTo(Presence.PURGED);
            assertThat(audit.memory().content()).isEmpty();
        }
        CliRun missing = CliRun.of(dir, db, "forget", "987654");
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("no memory with id 987654");
    }
}
