package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.ids;
import static dev.colony.search.lucene.Requests.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening, catching up, persisting and rebuilding an index in a real directory. */
class IndexLifecycleTest {

    private static final long WAIT_MILLIS = 60_000;

    @TempDir
    Path tmp;

    private Path indexDir() {
        return tmp.resolve("idx");
    }

    private ListMemorySource sourceWithMemories(String storeId, int count) {
        ListMemorySource source = new ListMemorySource(storeId, tmp.resolve("colony.db"));
        for (int i = 1; i <= count; i++) {
            source.add("memory number " + i + " about lighthouse keepers");
        }
        return source;
    }

    private static Map<String, String> commitData(Path dir) throws IOException {
        try (Directory directory = FSDirectory.open(dir); DirectoryReader reader = DirectoryReader.open(directory)) {
            return reader.getIndexCommit().getUserData();
        }
    }

    private static int docCount(Path dir) throws IOException {
        try (Directory directory = FSDirectory.open(dir); DirectoryReader reader = DirectoryReader.open(directory)) {
            return reader.numDocs();
        }
    }

    private static void assertFindsAll(LuceneSearchIndex index, int count) {
        List<Long> found = ids(index.search(Requests.query("lighthouse keepers").limit(100).build()));
        assertThat(found).hasSize(count).doesNotHaveDuplicates();
    }

    @Test
    void besideStorePutsTheIndexNextToTheDatabaseFile() {
        ListMemorySource source = sourceWithMemories("s", 3);
        try (LuceneSearchIndex index = LuceneSearch.besideStore().open(source)) {
            assertThat(index.directory()).contains(tmp.resolve("colony.index"));
            assertThat(tmp.resolve("colony.index")).isDirectory();
            assertThat(index.holdsWriteLock()).isTrue();
            assertFindsAll(index, 3);
        }
        assertThat(LuceneSearch.indexDirectoryBeside(Path.of("/data/colony.db")))
                .isEqualTo(Path.of("/data/colony.index"));
        assertThat(LuceneSearch.indexDirectoryBeside(Path.of("store"))).isEqualTo(Path.of("store.index"));
    }

    @Test
    void factoriesRefuseBadSettingsNamingTheField() {
        assertThatThrownBy(() -> LuceneSearch.at(null)).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.field()).isEqualTo("directory"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().withBatchSize(0)).isInstanceOfSatisfying(
                ColonyException.class, e -> assertThat(e.field()).isEqualTo("batchSize"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().withTakeoverInterval(Duration.ofSeconds(-1)))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("takeoverInterval"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().withCommitInterval(Duration.ofSeconds(-1)))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("commitInterval"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().withPollInterval(Duration.ZERO))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("pollInterval"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().withOpenCatchUpLimit(-1)).isInstanceOfSatisfying(
                ColonyException.class, e -> assertThat(e.field()).isEqualTo("openCatchUpLimit"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().open(new ListMemorySource("x"), null))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("clock"));
        assertThatThrownBy(() -> LuceneSearch.inMemory().open(null)).isInstanceOfSatisfying(
                ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        assertThat(LuceneSearch.at(indexDir()).directoryFor(new ListMemorySource("x"))).contains(indexDir());
        assertThat(LuceneSearch.inMemory().directoryFor(new ListMemorySource("x", tmp.resolve("c.db")))).isEmpty();
    }

    @Test
    void besideStoreWithoutADatabaseFileStaysInMemory() {
        ListMemorySource source = new ListMemorySource("mem");
        source.add("in memory lighthouse keepers");
        try (LuceneSearchIndex index = LuceneSearch.besideStore().open(source)) {
            assertThat(index.directory()).isEmpty();
            assertFindsAll(index, 1);
        }
    }

    @Test
    void commitsTheWatermarkStoreIdAndFormat() throws IOException {
        ListMemorySource source = sourceWithMemories("store-x", 5);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertThat(commitData(indexDir())).containsEntry(IndexLayout.DATA_WATERMARK, "5")
                    .containsEntry(IndexLayout.DATA_STORE_ID, "store-x")
                    .containsEntry(IndexLayout.DATA_FORMAT, Integer.toString(LuceneSearch.FORMAT_VERSION));
            source.add("another lighthouse keepers note");
            assertFindsAll(index, 6);
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            index.commitNow();
            assertThat(commitData(indexDir())).containsEntry(IndexLayout.DATA_WATERMARK, "6");
        }
    }

    @Test
    void findsMemoriesAddedWhileOpenAtTheNextSearch() {
        ListMemorySource source = sourceWithMemories("s", 2);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 2);
            long id = source.add("a brand new fact about lighthouse keepers");
            assertThat(ids(index.search(plain("brand new")))).containsExactly(id);
            assertFindsAll(index, 3);
        }
    }

    @Test
    void aSearchWithNothingNewReadsNoChanges() {
        ListMemorySource source = sourceWithMemories("s", 3);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            index.search(plain("lighthouse"));
            long readBefore = source.changesReadBySearches.get();

            index.search(plain("lighthouse"));
            index.search(plain("keepers"));

            assertThat(source.changesReadBySearches.get()).isEqualTo(readBefore);
        }
    }

    @Test
    void catchesUpWithMemoriesAddedWhileClosed() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 4);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 4);
        }
        for (int i = 0; i < 3; i++) {
            source.add("added while closed, lighthouse keepers " + i);
        }
        long read = source.changesRead.get();
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertThat(index.rebuilds()).isZero();
            assertThat(source.changesRead.get() - read).as("tails from the watermark (and checks it)")
                    .isLessThanOrEqualTo(4);
            assertFindsAll(index, 7);
        }
        assertThat(docCount(indexDir())).isEqualTo(7);
    }

    @Test
    void rebuildsAfterTheIndexDirectoryWasDeleted() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 5);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 5);
        }
        IndexFiles.deleteRecursively(indexDir());
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 5);
        }
        assertThat(docCount(indexDir())).isEqualTo(5);
    }

    @Test
    void rebuildsAnEmptiedIndexDirectory() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 5);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 5);
        }
        try (Stream<Path> files = Files.list(indexDir())) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 5);
        }
    }

    @Test
    void aLongCatchUpIsMergedIntoOneSegmentThatIsCommittedThoughNothingChanged() throws IOException {
        int count = (int) WriterRole.COMPACT_AFTER_CHANGES + 15_000;
        ListMemorySource source = sourceWithMemories("s", count);
        MutableClock clock = new MutableClock(ListMemorySource.T0);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).withCommitInterval(Duration.ZERO)
                .open(source, clock)) {
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(committedSegments(indexDir())).as("not merged before the delay").isGreaterThan(1);
            clock.advance(Duration.ofMillis(WriterRole.COMPACT_DELAY_MILLIS));
            long deadline = System.nanoTime() + Duration.ofMillis(WAIT_MILLIS).toNanos();
            // The catch-up committed its first 20,000 changes on the way, as one segment of their own.
            while ((committedSegments(indexDir()) > 1 || docCount(indexDir()) < count)
                    && System.nanoTime() < deadline) {
                assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            }
            assertThat(docCount(indexDir())).isEqualTo(count);
            assertThat(committedSegments(indexDir())).as("merged and committed with no change to commit").isOne();
            assertThat(index.search(Requests.query("memory number 12345").limit(1).build())).hasSize(1);
        }
    }

    @Test
    void aWriterFarBehindTheStoreLeavesTheBacklogToTheBackgroundAndSaysHowMuchIsMissing() throws IOException {
        int count = (int) SnapshotSearcher.WAITED_BACKLOG + 1_000;
        ListMemorySource source = sourceWithMemories("s", count);
        CountDownLatch indexing = new CountDownLatch(1);
        source.holdBackgroundReads(indexing);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).withOpenCatchUpLimit(100).open(source)) {
            assertThat(index.holdsWriteLock()).isTrue();
            assertThat(index.backlog()).as("opened without indexing the backlog").isEqualTo(count);
            assertThat(index.search(Requests.query("lighthouse keepers").build())).as("not searchable yet").isEmpty();

            indexing.countDown();
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).isTrue();
            assertThat(index.backlog()).isZero();
            assertFindsAll(index, 100);
        } finally {
            indexing.countDown();
        }
        assertThat(docCount(indexDir())).isEqualTo(count);
    }

    @Test
    void aReaderFarBehindTheStoreSearchesTheLastCommitWhileItCatchesUpInTheBackground() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 10);
        try (LuceneSearchIndex first = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(first, 10);
        }
        int more = (int) SnapshotSearcher.WAITED_BACKLOG + 1_000;
        for (int i = 0; i < more; i++) {
            source.add("a later note " + i + " about harbour cranes");
        }
        CountDownLatch indexing = new CountDownLatch(1);
        source.holdBackgroundReads(indexing);
        try (Directory raw = FSDirectory.open(indexDir())) {
            Lock otherProcess = raw.obtainLock(IndexWriter.WRITE_LOCK_NAME);
            try (LuceneSearchIndex reader = LuceneSearch.at(indexDir()).withOpenCatchUpLimit(100).open(source)) {
                assertThat(reader.holdsWriteLock()).isFalse();
                assertThat(reader.backlog()).isEqualTo(more);
                assertFindsAll(reader, 10);
                assertThat(reader.search(Requests.query("harbour cranes").build())).as("not searchable yet").isEmpty();

                indexing.countDown();
                assertThat(reader.awaitCaughtUp(WAIT_MILLIS)).isTrue();
                assertThat(reader.backlog()).isZero();
                assertThat(reader.search(Requests.query("harbour cranes").limit(100).build())).hasSize(100);
            } finally {
                otherProcess.close();
            }
        } finally {
            indexing.countDown();
        }
    }

    @Test
    void aBacklogWithinTheLimitIsIndexedBeforeOpenReturns() {
        ListMemorySource source = sourceWithMemories("s", 50);
        CountDownLatch never = new CountDownLatch(1);
        source.holdBackgroundReads(never);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).withOpenCatchUpLimit(50).open(source)) {
            assertThat(index.backlog()).isZero();
            assertFindsAll(index, 50);
        } finally {
            never.countDown();
        }
    }

    private static int committedSegments(Path dir) throws IOException {
        try (Directory directory = FSDirectory.open(dir)) {
            return SegmentInfos.readLatestCommit(directory).size();
        }
    }

    @Test
    void rebuildsWhenADataFileIsCorrupted() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 50);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 50);
        }
        Path largest = largestIndexFile();
        IndexFiles.flipBytesInTheMiddle(largest);

        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertThat(index.embeddingText("lighthouse keepers", Set.of(ListMemorySource.NS)))
                    .as("what to embed, asked of a damaged index").isEqualTo("lighthouse keepers");
            assertThat(index.awaitCaughtUp(WAIT_MILLIS)).as("verified in the background, then rebuilt").isTrue();
            assertThat(index.rebuilds()).isPositive();
            assertFindsAll(index, 50);
        }
        assertThat(docCount(indexDir())).isEqualTo(50);
    }

    @Test
    void rebuildsWhenTheSegmentsFileIsCorrupted() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 10);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 10);
        }
        try (Stream<Path> files = Files.list(indexDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("segments_")).toList()) {
                Files.write(file, "not a segments file".getBytes(StandardCharsets.UTF_8));
            }
        }
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 10);
        }
        assertThat(docCount(indexDir())).isEqualTo(10);
    }

    @Test
    void rebuildsWhenAFileIsMissing() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 10);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 10);
        }
        Files.delete(largestIndexFile());
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 10);
        }
        assertThat(docCount(indexDir())).isEqualTo(10);
    }

    @Test
    void rebuildsAnIndexOfAnotherStore() throws IOException {
        ListMemorySource first = sourceWithMemories("store-a", 8);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(first)) {
            assertFindsAll(index, 8);
        }
        ListMemorySource second = new ListMemorySource("store-b", tmp.resolve("other.db"));
        second.add("lighthouse keepers of store b");
        second.add("lighthouse keepers again");

        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(second)) {
            assertFindsAll(index, 2);
        }
        assertThat(commitData(indexDir())).containsEntry(IndexLayout.DATA_STORE_ID, "store-b")
                .containsEntry(IndexLayout.DATA_WATERMARK, "2");
        assertThat(docCount(indexDir())).isEqualTo(2);
    }

    @Test
    void rebuildsAnIndexOfAnotherFormatVersion() throws IOException {
        ListMemorySource source = sourceWithMemories("s", 6);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 6);
        }
        try (Directory directory = FSDirectory.open(indexDir());
                IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
            Map<String, String> data = new HashMap<>(IndexLayout.commitData("s", 6, null));
            data.put(IndexLayout.DATA_FORMAT, "999");
            writer.setLiveCommitData(data.entrySet());
            writer.commit();
        }
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).open(source)) {
            assertFindsAll(index, 6);
        }
        assertThat(commitData(indexDir()))
                .containsEntry(IndexLayout.DATA_FORMAT, Integer.toString(LuceneSearch.FORMAT_VERSION));
        assertThat(docCount(indexDir())).isEqualTo(6);
    }

    @Test
    void rebuildsInSmallBatches() {
        ListMemorySource source = sourceWithMemories("s", 25);
        try (LuceneSearchIndex index = LuceneSearch.at(indexDir()).withBatchSize(4).open(source)) {
            assertFindsAll(index, 25);
        }
    }

    private Path largestIndexFile() throws IOException {
        return IndexFiles.largest(indexDir());
    }
}
