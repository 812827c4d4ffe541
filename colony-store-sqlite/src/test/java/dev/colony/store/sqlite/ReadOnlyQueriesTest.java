package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.jdbc.ReadOnlyQueries;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ReadOnlyQueries} reads rows in engine-neutral values and refuses anything that could write. */
class ReadOnlyQueriesTest {

    @TempDir
    Path dir;

    @Test
    void aSelectReadsRowsAndEverythingElseIsRefused() {
        try (SqliteStorageProvider store = SqliteStorageProvider.open(dir.resolve("colony.db"))) {
            List<List<Object>> rows = store.read(tx -> ReadOnlyQueries.select(tx,
                    "SELECT meta_key, COUNT(*), SUM(1) FROM colony_meta WHERE meta_key = ? GROUP BY meta_key",
                    "store_id"));

            assertThat(rows).containsExactly(List.of("store_id", 1L, 1L));
            assertThatThrownBy(() -> store.write(tx -> ReadOnlyQueries.select(tx, "SELECT 1")))
                    .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL))
                    .hasMessageContaining("read transaction");
            for (String sql : List.of("DELETE FROM colony_meta", "SELECT 1; DELETE FROM colony_meta")) {
                assertThatThrownBy(() -> store.read(tx -> ReadOnlyQueries.select(tx, sql))).as(sql)
                        .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code())
                                .isEqualTo(ErrorCode.INTERNAL)).hasMessageContaining("one SELECT");
            }
            assertThat(store.read(tx -> ReadOnlyQueries.select(tx, "SELECT COUNT(*) FROM colony_meta")).get(0).get(0))
                    .as("nothing was deleted").isEqualTo(2L);
        }
    }
}
