package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.ids;
import static dev.colony.search.lucene.Requests.plain;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two indexes opened on one directory, as two processes would: Lucene's native lock also excludes a
 * second writer inside one JVM, so the second index plays the reader role.
 */
class SharedDirectoryTest {

    @TempDir
    Path dir;

    private final ListMemorySource source = new ListMemorySource("shared");
    private final MutableClock clock = new MutableClock(ListMemorySource.T0);

    private LuceneIndexFactory factory() {
        return LuceneSearch.at(dir).withTakeoverInterval(Duration.ofMinutes(1));
    }

    private LuceneSearchIndex open() {
        return factory().open(source, clock);
    }

    private static void awaitCaughtUp(LuceneSearchIndex index) {
        assertThat(index.awaitCaughtUp(60_000)).as("caught up in the background").isTrue();
    }

    private static List<Long> all(LuceneSearchIndex index) {
        return ids(index.search(Requests.query("harbour").limit(100).build()));
    }

    private long committedWatermark() throws IOException {
        try (Directory directory = FSDirectory.open(dir); DirectoryReader reader = DirectoryReader.open(directory)) {
            Map<String, String> data = reader.getIndexCommit().getUserData();
            return Long.parseLong(data.get(IndexLayout.DATA_WATERMARK));
        }
    }

    @Test
    void onlyOneIndexHoldsTheWriteLockAndBothSeeEveryMemory() throws IOException {
        source.add("harbour master one");
        try (LuceneSearchIndex writer = open(); LuceneSearchIndex reader = open()) {
            assertThat(writer.holdsWriteLock()).isTrue();
            assertThat(reader.holdsWriteLock()).isFalse();
            assertThat(all(reader)).containsExactly(1L);

            long second = source.add("harbour pilot two");
            assertThat(all(reader)).as("reader covers the uncommitted tail").containsExactlyInAnyOrder(1L, second);
            assertThat(all(writer)).containsExactlyInAnyOrder(1L, second);
            awaitCaughtUp(writer);
            writer.commitNow();
            assertThat(committedWatermark()).isEqualTo(second);

            long third = source.add("harbour tug three");
            assertThat(all(reader)).as("no duplicates once the commit covers the overlay")
                    .containsExactlyInAnyOrder(1L, second, third);
            assertThat(all(writer)).containsExactlyInAnyOrder(1L, second, third);
            long fourth = source.add("harbour crane four");
            assertThat(all(reader)).containsExactlyInAnyOrder(1L, second, third, fourth);
        }
    }

    @Test
    void anIdleWriterIndexesAndCommitsSoTheReadersOverlayStaysEmpty() throws IOException {
        try (LuceneSearchIndex writer = open(); LuceneSearchIndex reader = open()) {
            List<Long> added = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                added.add(source.add("harbour log entry " + i));
            }
            assertThat(all(reader)).containsExactlyInAnyOrderElementsOf(added);
            awaitCaughtUp(reader);
            assertThat(reader.overlayDocuments()).as("before the writer's commit").isEqualTo(25);

            clock.advance(LuceneSearch.DEFAULT_COMMIT_INTERVAL);
            awaitCaughtUp(writer);
            assertThat(committedWatermark()).as("the writer never searched").isEqualTo(25);
            awaitCaughtUp(reader);
            assertThat(reader.overlayDocuments()).as("the commit covers what the overlay held").isZero();
            assertThat(all(reader)).containsExactlyInAnyOrderElementsOf(added);
        }
    }

    @Test
    void readerTakesOverTheWriteLockWhenTheWriterGoesAway() throws IOException {
        source.add("harbour before");
        LuceneSearchIndex writer = open();
        try (LuceneSearchIndex reader = open()) {
            writer.close();
            long during = source.add("harbour after the writer left");

            assertThat(all(reader)).containsExactlyInAnyOrder(1L, during);
            assertThat(reader.holdsWriteLock()).as("not before the takeover interval").isFalse();

            clock.advance(Duration.ofMinutes(1));
            awaitCaughtUp(reader);
            assertThat(reader.holdsWriteLock()).isTrue();
            long after = source.add("harbour once taken over");
            assertThat(all(reader)).containsExactlyInAnyOrder(1L, during, after);
            awaitCaughtUp(reader);
            reader.commitNow();
            assertThat(committedWatermark()).isEqualTo(after);
        } finally {
            writer.close();
        }
        try (LuceneSearchIndex reopened = open()) {
            assertThat(reopened.holdsWriteLock()).isTrue();
            assertThat(all(reopened)).hasSize(3);
        }
    }

    @Test
    void aReaderFindingTheCommitUnreadableCoversTheStoreAndDeletesNothing() throws IOException {
        for (int i = 0; i < 10; i++) {
            source.add("harbour record " + i);
        }
        try (LuceneSearchIndex first = open()) {
            assertThat(all(first)).hasSize(10);
        }
        IndexFiles.flipBytesInTheMiddle(IndexFiles.largest(dir));
        Set<String> files = IndexFiles.names(dir);

        try (Directory raw = FSDirectory.open(dir)) {
            Lock otherProcess = raw.obtainLock(IndexWriter.WRITE_LOCK_NAME);
            try (LuceneSearchIndex reader = open()) {
                assertThat(reader.holdsWriteLock()).isFalse();
                assertThat(all(reader)).hasSize(10);
                long later = source.add("harbour record later");
                assertThat(all(reader)).hasSize(11).contains(later);
                assertThat(IndexFiles.names(dir)).as("nothing deleted under another's lock").isEqualTo(files);

                otherProcess.close();
                clock.advance(Duration.ofMinutes(1));
                awaitCaughtUp(reader);
                assertThat(all(reader)).hasSize(11);
                assertThat(reader.holdsWriteLock()).as("took over and rebuilt").isTrue();
            } finally {
                otherProcess.close();
            }
        }
        try (LuceneSearchIndex reopened = open()) {
            assertThat(all(reopened)).hasSize(11).doesNotHaveDuplicates();
        }
    }

    @Test
    void takeoverIsNotTriedWhileTheWriterIsAlive() {
        try (LuceneSearchIndex writer = open(); LuceneSearchIndex reader = open()) {
            clock.advance(Duration.ofMinutes(5));
            source.add("harbour still");
            awaitCaughtUp(reader);
            assertThat(all(reader)).hasSize(1);
            assertThat(reader.holdsWriteLock()).isFalse();
            assertThat(writer.holdsWriteLock()).isTrue();
        }
    }

    /** A distinct all-letter word per number, so no other memory shares a term with it. */
    private static String word(int n) {
        StringBuilder word = new StringBuilder("q");
        do {
            word.append((char) ('a' + n % 26));
            n /= 26;
        } while (n > 0);
        return word.toString();
    }

    @Test
    void concurrentWritesAndSearchesAcrossBothIndexesAlwaysFindTheLatestMemory() throws Exception {
        try (LuceneSearchIndex writer = open(); LuceneSearchIndex reader = open()) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> tasks = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    int thread = t;
                    tasks.add(pool.submit(() -> {
                        for (int i = 0; i < 40; i++) {
                            String token = word(thread * 100 + i);
                            long id = source.add("harbour memory " + token);
                            LuceneSearchIndex index = (i + thread) % 2 == 0 ? writer : reader;
                            assertThat(ids(index.search(plain(token)))).containsExactly(id);
                        }
                        return null;
                    }));
                }
                for (Future<?> task : tasks) {
                    task.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(all(reader)).hasSize(100);
            assertThat(ids(reader.search(Requests.query("harbour memory").limit(100).build())))
                    .hasSize(100).doesNotHaveDuplicates();
            assertThat(ids(writer.search(Requests.query("harbour memory").limit(100).build())))
                    .hasSize(100).doesNotHaveDuplicates();
        }
    }
}
