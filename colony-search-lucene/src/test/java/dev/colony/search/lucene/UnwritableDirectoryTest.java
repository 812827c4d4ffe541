package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index whose directory stops being writable while it is open: that is not damage to rebuild from but a
 * directory to wait for, and searches say so until it can be written again.
 */
class UnwritableDirectoryTest {

    private static final long WAIT_MILLIS = 60_000;

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(ListMemorySource.T0);

    private Path indexDir() {
        return tmp.resolve("idx");
    }

    private static List<Long> all(LuceneSearchIndex index) {
        return ids(index.search(Requests.query("harbour").limit(1_000).build()));
    }

    /**
     * A file takes the directory's place (which stops root too, unlike permissions): the failed commit leaves
     * the index unavailable, saying why, and once the directory is back the first search after the back-off
     * reopens it and catches up with what was written meanwhile.
     */
    @Test
    void aDirectoryThatCannotBeWrittenMakesSearchUnavailableUntilItCanBeAgain() throws IOException {
        ListMemorySource source = new ListMemorySource("feed", tmp.resolve("colony.db"));
        for (int i = 1; i <= 3; i++) {
            source.add("harbour entry " + i);
        }
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).withTakeoverInterval(Duration.ofMinutes(1))
                .open(source, clock)) {
            assertThat(all(index)).hasSize(3);
            Path moved = tmp.resolve("idx-moved");
            Files.move(indexDir(), moved);
            Files.writeString(indexDir(), "a file where the index was");
            source.add("harbour entry 4");
            index.changed();
            clock.advance(LuceneSearch.DEFAULT_COMMIT_INTERVAL);
            assertThat(index.awaitStep(WAIT_MILLIS)).as("the step whose commit fails ran").isTrue();

            assertThatThrownBy(() -> all(index)).isInstanceOfSatisfying(ColonyException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.SEARCH_UNAVAILABLE);
                assertThat(e.getMessage()).contains(indexDir().toString()).contains("not a directory")
                        .contains("next try in 1 s");
            });
            assertThat(index.rebuilds()).as("nothing was wiped to rebuild").isZero();
            source.add("harbour entry 5");
            Files.delete(indexDir());
            Files.move(moved, indexDir());
            assertThatThrownBy(() -> all(index)).as("not tried again within the back-off")
                    .isInstanceOfSatisfying(ColonyException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.SEARCH_UNAVAILABLE));

            clock.advance(Duration.ofSeconds(1));
            assertThat(all(index)).hasSize(5);
        }
    }
}
