package dev.colony.search.lucene;

import org.apache.lucene.util.BytesRef;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.LeafReaderContext;
import dev.colony.spi.storage.Presence;
import static dev.colony.search.lucene.Requests.ids;
import static dev.colony.search.lucene.Requests.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.colony.api.memory.MemoryKind;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index as a follower of the store's change feed: updates replace documents, the background
 * thread indexes and commits on the Colony's clock, reopening reuses a current index, a restored
 * store or damaged files lead to a rebuild, and no search indexes a backlog.
 */
class ChangeFeedIndexTest {

    private static final long WAIT_MILLIS = 60_000;

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(ListMemorySource.T0);

    private Path indexDir() {
        return tmp.resolve("idx");
    }

    private LuceneIndexFactory factory() {
        return LuceneSearch.at(indexDir()).withTakeoverInterval(Duration.ofMinutes(1));
    }

    private ListMemorySource source(int count) {
        ListMemorySource source = new ListMemorySource("feed", tmp.resolve("colony.db"));
        for (int i = 1; i <= count; i++) {
            source.add("harbour entry " + i);
        }
        return source;
    }

    private Map<String, String> committed() throws IOException {
        try (Directory directory = FSDirectory.open(indexDir());
                DirectoryReader reader = DirectoryReader.open(directory)) {
            return reader.getIndexCommit().getUserData();
        }
    }

    private static List<Long> all(LuceneSearchIndex index) {
        return ids(index.search(Requests.query("harbour").limit(1_000).build()));
    }

    @Test
    void aForgottenMemoryIsFoundByNoLayerAndAPurgedOneLeavesNoTermInTheFiles() throws IOException {
        // Enough neighbours that one deletion stays below the share at which merges reclaim deletions anyway.
        ListMemorySource source = source(100);
        long secret = source.add("the passphrase is zq7marmalade");
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            index.commitNow();
            assertThat(ids(index.search(plain("zq7marmalade")))).contains(secret);

            source.remove(secret, Presence.FORGOTTEN);
            assertThat(ids(index.search(plain("zq7marmalade")))).as("at the next search").doesNotContain(secret);
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            index.commitNow();
            assertThat(ids(index.search(plain("zq7marmalade")))).as("indexed by the writer").doesNotContain(secret);
            assertThat(all(index)).hasSize(100);
            assertThat(committedTerm("zq7marmalade")).as("forgetting only marks the document deleted").isTrue();

            source.remove(secret, Presence.PURGED);
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            index.commitNow();
            assertThat(committedTerm("zq7marmalade")).as("a purge rewrites the segments that held it").isFalse();
            assertThat(all(index)).hasSize(100);
        }
    }

    /** Whether the last commit's term dictionaries hold {@code term}, deleted documents' terms included. */
    private boolean committedTerm(String term) throws IOException {
        try (Directory directory = FSDirectory.open(indexDir());
                DirectoryReader reader = DirectoryReader.open(directory)) {
            for (LeafReaderContext leaf : reader.leaves()) {
                Terms terms = leaf.reader().terms(IndexLayout.TEXT);
                if (terms != null && terms.iterator().seekExact(new BytesRef(term))) {
                    return true;
                }
            }
            return false;
        }
    }

    @Test
    void writesBetweenSearchesAreFoundAtOnceWithoutReopeningTheWritersReaderAtEveryStep() {
        ListMemorySource source = source(3);
        try (LuceneSearchIndex index = factory().withRefreshGap(Duration.ofMinutes(1)).open(source, clock)) {
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            long reopened = index.refreshes();
            for (int i = 0; i < 20; i++) {
                String word = "zqw" + (char) ('a' + i) + "boat";
                long id = source.add("harbour pilot " + word);
                index.changed();
                assertThat(index.awaitStep(WAIT_MILLIS)).isTrue();
                assertThat(ids(index.search(plain(word)))).as("write %d, searched at once", i).containsExactly(id);
            }
            assertThat(index.refreshes() - reopened).as("reopenings of the writer's reader while searched").isZero();

            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).as("a wait for the index still reopens it").isTrue();
            assertThat(index.refreshes()).isGreaterThan(reopened);
            assertThat(all(index)).hasSize(23);
        }
    }

    @Test
    void anUpdatedMemoryIsFoundByItsNewTextOnlyAtOnceInTheBackgroundAndAfterReopening() {
        ListMemorySource source = source(3);
        long id = source.add("the albatross flies");
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(ids(index.search(plain("albatross")))).containsExactly(id);

            source.update(id, "the cormorant dives");
            assertThat(ids(index.search(plain("cormorant")))).as("at the next search").containsExactly(id);
            assertThat(ids(index.search(plain("albatross")))).isEmpty();

            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(ids(index.search(plain("cormorant")))).as("indexed by the writer").containsExactly(id);
            assertThat(ids(index.search(plain("albatross")))).isEmpty();
        }
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(index.rebuilds()).isZero();
            assertThat(ids(index.search(plain("cormorant")))).containsExactly(id);
            assertThat(ids(index.search(plain("albatross")))).isEmpty();
        }
    }

    @Test
    void aWriterThatNeverSearchesIndexesAndCommitsOnTheColonyClock() throws IOException {
        ListMemorySource source = source(2);
        try (LuceneSearchIndex index = factory().withCommitInterval(Duration.ofSeconds(1)).open(source, clock)) {
            assertThat(committed()).containsEntry(IndexLayout.DATA_WATERMARK, "2");
            source.add("harbour three");
            source.add("harbour four");
            index.changed();

            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(committed()).as("no commit before the interval passed on the clock")
                    .containsEntry(IndexLayout.DATA_WATERMARK, "2");

            clock.advance(Duration.ofSeconds(1));
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(committed()).containsEntry(IndexLayout.DATA_WATERMARK, "4");
        }
    }

    @Test
    void closingCommitsAndReopeningACurrentIndexRebuildsNothing() throws IOException {
        ListMemorySource source = source(2_000);
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(all(index)).hasSize(1_000);
            source.add("harbour after opening");
        }
        assertThat(committed()).containsEntry(IndexLayout.DATA_WATERMARK, "2001");
        long read = source.changesRead.get();
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(index.rebuilds()).isZero();
            assertThat(source.changesRead.get() - read).as("only the change at the watermark, to check it")
                    .isLessThanOrEqualTo(1);
            assertThat(ids(index.search(plain("after opening")))).containsExactly(2_001L);
        }
    }

    @Test
    void anIndexAheadOfARestoredStoreIsRebuilt() {
        ListMemorySource live = source(5);
        ListMemorySource backup = live.backup();
        live.add("harbour lost in the restore six");
        live.add("harbour lost in the restore seven");
        try (LuceneSearchIndex index = factory().open(live, clock)) {
            assertThat(all(index)).hasSize(7);
        }

        try (LuceneSearchIndex index = factory().open(backup, clock)) {
            assertThat(index.rebuilds()).isEqualTo(1);
            assertThat(ids(index.search(plain("lost restore")))).isEmpty();
            long added = backup.add("harbour written after the restore");
            assertThat(ids(index.search(plain("written after")))).containsExactly(added);
            assertThat(all(index)).hasSize(6);
        }
    }

    @Test
    void anIndexOfAStoreRestoredAndWrittenToSinceIsRebuilt() {
        ListMemorySource live = source(5);
        ListMemorySource backup = live.backup();
        live.add("harbour only in the lost future six");
        live.add("harbour only in the lost future seven");
        try (LuceneSearchIndex index = factory().open(live, clock)) {
            assertThat(all(index)).hasSize(7);
        }
        // The restored store hands the same ids and revs out again, to other memories.
        long six = backup.add("harbour rewritten six");
        backup.add("harbour rewritten seven");

        try (LuceneSearchIndex index = factory().open(backup, clock)) {
            assertThat(index.rebuilds()).isEqualTo(1);
            assertThat(ids(index.search(plain("lost future")))).isEmpty();
            assertThat(ids(index.search(plain("rewritten")))).hasSize(2).contains(six);
        }
    }

    @Test
    void aTruncatedFileWhileServingLeadsToARebuildNotACrash() throws IOException {
        ListMemorySource source = source(300);
        factory().open(source, clock).close();
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(all(index)).as("read from the files on disk").hasSize(300);
            try (FileChannel file = FileChannel.open(IndexFiles.largest(indexDir()), StandardOpenOption.WRITE)) {
                file.truncate(file.size() / 3);
            }

            assertThatCode(() -> index.search(Requests.query("harbour").limit(1_000).build()))
                    .as("a damaged file never fails a search").doesNotThrowAnyException();
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(index.rebuilds()).isPositive();
            assertThat(all(index)).hasSize(300);
        }
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(all(index)).hasSize(300);
        }
    }

    @Test
    void garbageInAFileWhileServingLeadsToARebuild() throws IOException {
        ListMemorySource source = source(300);
        factory().open(source, clock).close();
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(all(index)).as("read from the files on disk").hasSize(300);
            for (Path file : IndexFiles.names(indexDir()).stream().map(indexDir()::resolve)
                    .filter(f -> !f.getFileName().toString().equals("write.lock")
                            && !f.getFileName().toString().startsWith("segments"))
                    .toList()) {
                overwriteWithGarbage(file);
            }

            for (int i = 0; i < 3; i++) {
                assertThatCode(() -> index.search(Requests.query("harbour entry").limit(1_000).build()))
                        .doesNotThrowAnyException();
            }
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(index.rebuilds()).isPositive();
            assertThat(all(index)).hasSize(300);
        }
    }

    private static void overwriteWithGarbage(Path file) throws IOException {
        long size = Files.size(file);
        byte[] garbage = new byte[(int) size];
        for (int i = 0; i < garbage.length; i++) {
            garbage[i] = (byte) (i * 31 + 7);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(garbage), 0);
        }
    }

    @Test
    void aSearchRightAfterABurstOfWritesWaitsForTheBackgroundAndFindsTheLastOne() {
        ListMemorySource source = source(0);
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(all(index)).isEmpty();
            long last = 0;
            for (int i = 1; i <= 500; i++) {
                last = source.add("harbour burst " + i + (i == 500 ? " lighthouse" : ""));
            }
            long readBefore = source.changesReadBySearches.get();
            assertThat(ids(index.search(plain("lighthouse")))).containsExactly(last);
            assertThat(source.changesReadBySearches.get() - readBefore)
                    .as("the search indexed none of the burst itself")
                    .isLessThanOrEqualTo(2L * (LuceneSearch.INLINE_CHANGES + 1));
        }
    }

    @Test
    void aResultWrittenRightAfterItsTaskIsFoundAtOnceBelowTheTask() {
        ListMemorySource source = source(3);
        CountDownLatch gate = new CountDownLatch(1);
        try (LuceneSearchIndex index = factory().open(source, clock)) {
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            source.holdBackgroundReads(gate);
            long task = source.memory("Ship the deploy pipeline\n- [x] smoke test the deploy\n- [ ] roll out")
                    .session("agent").task(1).kind(MemoryKind.TASK).add();
            long result = source.memory("Smoke test passed; the deploy rolled out in full")
                    .session("agent").task(1).kind(MemoryKind.RESULT).add();

            List<Long> found = ids(index.search(plain("deploy")));
            gate.countDown();

            assertThat(found).as("the result (its task as context) from the layer a search adds itself, demoted")
                    .containsExactly(task, result);
        } finally {
            gate.countDown();
        }
    }

    @Test
    void aSearchNeverIndexesABacklogAndTheBackgroundCatchesUp() {
        ListMemorySource source = source(0);
        CountDownLatch gate = new CountDownLatch(1);
        try (LuceneSearchIndex writer = factory().open(source, clock);
                LuceneSearchIndex reader = factory().open(source, clock)) {
            assertThat(reader.holdsWriteLock()).isFalse();
            source.holdBackgroundReads(gate);
            for (int i = 1; i <= 1_000; i++) {
                source.add("harbour burst " + i);
            }
            long readBefore = source.changesReadBySearches.get();

            long started = System.nanoTime();
            List<Long> during = all(reader);
            List<Long> fromWriter = all(writer);
            long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

            assertThat(source.changesReadBySearches.get() - readBefore)
                    .as("each search read only enough of the feed to see the backlog")
                    .isLessThanOrEqualTo(2L * (LuceneSearch.INLINE_CHANGES + 1));
            assertThat(during).hasSizeLessThan(1_000);
            assertThat(fromWriter).hasSizeLessThan(1_000);
            assertThat(elapsedMillis).as("two searches with a backlog of 1,000 (ms)").isLessThan(5_000);

            gate.countDown();
            assertThat(writer.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(reader.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(all(reader)).hasSize(1_000).doesNotHaveDuplicates();
            assertThat(all(writer)).hasSize(1_000).doesNotHaveDuplicates();

            long readAfterBurst = source.changesReadBySearches.get();
            long next = source.add("harbour right after the burst");
            assertThat(ids(reader.search(plain("right after")))).as("a small gap is covered at once")
                    .containsExactly(next);
            assertThat(source.changesReadBySearches.get() - readAfterBurst).isEqualTo(1);
        } finally {
            gate.countDown();
        }
    }
}
