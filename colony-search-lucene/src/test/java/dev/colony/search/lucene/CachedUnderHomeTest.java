package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-machine index cache of a store without a local file: {@code home/index/<storeId>/}. */
class CachedUnderHomeTest {

    @TempDir
    Path home;

    @Test
    void eachStoreGetsItsOwnCacheDirectoryUnderHome() {
        ListMemorySource first = new ListMemorySource("6f1c2a9e-0b7d-4c1e-9a52-3f0d8e7b1c44");
        first.add("lighthouse keepers on the first store");
        ListMemorySource second = new ListMemorySource("second-store");
        second.add("lighthouse keepers on the second store");
        second.add("more lighthouse keepers on the second store");

        try (LuceneSearchIndex one = LuceneSearch.cachedUnder(home).open(first);
                LuceneSearchIndex two = LuceneSearch.cachedUnder(home).open(second)) {
            assertThat(one.directory()).contains(home.resolve("index/6f1c2a9e-0b7d-4c1e-9a52-3f0d8e7b1c44"));
            assertThat(two.directory()).contains(home.resolve("index/second-store"));
            assertThat(ids(one.search(Requests.query("lighthouse keepers").limit(10).build()))).hasSize(1);
            assertThat(ids(two.search(Requests.query("lighthouse keepers").limit(10).build()))).hasSize(2);
        }
        assertThat(home.resolve("index/second-store")).isDirectory();
    }

    @Test
    void aStoreIdIsReducedToASafeDirectoryName() {
        assertThat(LuceneSearch.cacheDirectory(home, "../etc/x y")).isEqualTo(home.resolve("index/___etc_x_y"));
        assertThatThrownBy(() -> LuceneSearch.cacheDirectory(home, "")).isInstanceOfSatisfying(
                ColonyException.class, e -> assertThat(e.field()).isEqualTo("storeId"));
        assertThatThrownBy(() -> LuceneSearch.cachedUnder(null)).isInstanceOfSatisfying(
                ColonyException.class, e -> assertThat(e.field()).isEqualTo("home"));
    }
}
