package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.store.tck.MultiProcessContract;
import dev.colony.store.tck.TwoProcessRace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-process contract can fail: the same race that {@link SqliteStoreContractTest} passes fails
 * on a SQLite store whose busy handling is switched off, because the two processes' writes collide on
 * the database lock in every round.
 */
class BusyHandlingTest {

    @TempDir
    Path dir;

    @Test
    void theRaceFailsWithoutBusyHandling() throws Exception {
        Path store = dir.resolve("store");
        // Created and migrated beforehand, so the two processes collide on their writes, not on the migration.
        new SqliteStoreFactory().open(store).close();
        TwoProcessRace race = new TwoProcessRace(SqliteWithoutBusyHandling.class, store,
                MultiProcessContract.ROUNDS, MultiProcessContract.PER_ROUND);
        assertThatThrownBy(race::run)
                .hasStackTraceContaining("of round")
                .hasStackTraceContaining("SQLITE_BUSY");
    }
}
