package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer closes at once unless a large merge is running; then a thread of its own closes it when the merge
 * ends, committing the merge and releasing the lock, and the caller does not wait. The merge is held on a latch,
 * so that it is running when closing starts, however fast the machine.
 */
@Timeout(120)
class WriterClosingTest {

    private static final long WAIT_SECONDS = 60;

    @TempDir
    Path dir;

    private final CountDownLatch mergeStarted = new CountDownLatch(1);
    private final CountDownLatch mergeMayGoOn = new CountDownLatch(1);

    @AfterEach
    void letTheMergeEnd() {
        mergeMayGoOn.countDown();
    }

    @Test
    void aLargeRunningMergeIsLeftToCloseTheWriterWhenItEnds() throws Exception {
        Directory directory = FSDirectory.open(dir);
        IndexWriter writer = mergingThreeSegments(directory);
        assertThat(WriterClosing.mergingDocs(writer)).isEqualTo(3);

        Thread closer = WriterClosing.close(writer, directory, 3, "test");

        assertThat(closer).as("closed on a thread of its own").isNotNull();
        assertThat(closer.isDaemon()).isTrue();
        assertThat(closer.isAlive()).as("still waiting for the merge").isTrue();
        assertThatThrownBy(this::obtainWriteLock).as("the lock stays held until the writer closes")
                .isInstanceOf(LockObtainFailedException.class);

        mergeMayGoOn.countDown();
        closer.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertThat(closer.isAlive()).isFalse();
        assertThat(committedSegments()).as("the merge was committed").isOne();
        obtainWriteLock().close();
        assertThatThrownBy(directory::listAll).as("the directory was closed after the writer")
                .isInstanceOf(AlreadyClosedException.class);
    }

    @Test
    void aSmallRunningMergeIsWaitedFor() throws Exception {
        Directory directory = FSDirectory.open(dir);
        IndexWriter writer = mergingThreeSegments(directory);
        mergeMayGoOn.countDown();

        assertThat(WriterClosing.close(writer, directory, 4, "test")).as("closed here").isNull();

        assertThat(committedSegments()).isOne();
        obtainWriteLock().close();
    }

    @Test
    void aWriterWithoutMergesClosesHere() throws Exception {
        Directory directory = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new StandardAnalyzer()));
        writer.addDocument(document(1));

        assertThat(WriterClosing.close(writer, directory, 1, "test")).isNull();

        assertThat(committedSegments()).isOne();
        obtainWriteLock().close();
    }

    /** A writer of three segments whose merge into one has started and waits for {@link #mergeMayGoOn}. */
    private IndexWriter mergingThreeSegments(Directory directory) throws Exception {
        IndexWriter writer = writerOfThreeSegments(directory);
        writer.forceMerge(1, false);
        assertThat(mergeStarted.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        return writer;
    }

    /** A writer that committed three one-document segments, whose merges wait for {@link #mergeMayGoOn}. */
    private IndexWriter writerOfThreeSegments(Directory directory) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer());
        config.setMergeScheduler(new ConcurrentMergeScheduler() {
            @Override
            protected void doMerge(MergeSource source, MergePolicy.OneMerge merge) throws IOException {
                mergeStarted.countDown();
                try {
                    mergeMayGoOn.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
                super.doMerge(source, merge);
            }
        });
        IndexWriter writer = new IndexWriter(directory, config);
        for (int i = 0; i < 3; i++) {
            writer.addDocument(document(i));
            writer.commit();
        }
        assertThat(committedSegments()).isEqualTo(3);
        return writer;
    }

    private static Document document(int id) {
        Document document = new Document();
        document.add(new StringField("id", Integer.toString(id), Field.Store.YES));
        return document;
    }

    private int committedSegments() throws IOException {
        try (Directory directory = FSDirectory.open(dir)) {
            return SegmentInfos.readLatestCommit(directory).size();
        }
    }

    /** The write lock, taken through another directory instance, as another index of this process would. */
    private Closeable obtainWriteLock() throws IOException {
        Directory other = FSDirectory.open(dir);
        try {
            Lock lock = other.obtainLock(IndexWriter.WRITE_LOCK_NAME);
            return () -> {
                lock.close();
                other.close();
            };
        } catch (IOException | RuntimeException e) {
            other.close();
            throw e;
        }
    }
}
