package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Revs become visible in increasing order under concurrent write transactions (from several providers
 * of one database where the variant allows it): a reader that tails
 * the change feed with {@code changedSince(lastSeenRev)} never passes a rev that becomes visible
 * later. A store that let two writers take revs 8 and 9 and commit 9 first would fail here: the
 * tailer, already past 9, would never see 8, which is still in the feed at the end.
 */
public interface OrderedVisibilityContract extends StoreUnderTest {

    /** Concurrent writer threads. */
    int VISIBILITY_WRITERS = 4;
    /** Write transactions per writer thread: inserts, and every fifth an update of an earlier memory. */
    int VISIBILITY_WRITES = 300;

    @Test
    default void aReaderTailingTheFeedNeverSkipsARevThatBecomesVisibleLater() throws Exception {
        Path dir = newDirectory();
        StorageProvider store = openStore(dir);
        // A provider may serialize its own writers; separate providers of one database race for real
        // (a variant whose second provider is another database, like a private in-memory one, cannot).
        List<StorageProvider> writerStores = new ArrayList<>();
        writerStores.add(store);
        for (int w = 1; w < VISIBILITY_WRITERS; w++) {
            StorageProvider other = openStore(dir);
            writerStores.add(other.storeId().equals(store.storeId()) ? other : store);
        }
        Fixtures.Writer writer = Fixtures.writer(store);
        long start = store.read(tx -> tx.memoryFeed().latestRev());
        ExecutorService pool = Executors.newFixedThreadPool(VISIBILITY_WRITERS + 1);
        try {
            FeedTailer tailer = new FeedTailer(pool, store, start, 500);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < VISIBILITY_WRITERS; w++) {
                int writerNumber = w;
                StorageProvider writerStore = writerStores.get(w);
                writers.add(pool.submit(() -> {
                    go.await();
                    List<Memory> mine = new ArrayList<>();
                    for (int i = 0; i < VISIBILITY_WRITES; i++) {
                        if (i % 5 == 4) {
                            Memory old = mine.get(i / 2);
                            Memory edited = new Memory(old.id(), old.namespace(), old.session(), old.kind(),
                                    old.content() + " (edited at " + i + ")", old.topics(), old.macroTopics(),
                                    old.ref(), old.artifact(), old.task(), old.replyTo(), old.createdAt(),
                                    old.updatedAt(), old.expiresAt(), old.retracted(), old.metadata(), old.version());
                            writerStore.write(tx -> tx.memories().update(edited, null));
                        } else {
                            String content = "writer " + writerNumber + " #" + i;
                            mine.add(writerStore.write(tx -> tx.memories().insert(Fixtures.memory(writer, content))));
                        }
                        tailer.committed();
                    }
                    return null;
                }));
            }
            go.countDown();
            try {
                for (Future<?> future : writers) {
                    future.get(120, TimeUnit.SECONDS);
                }
            } finally {
                tailer.writersDone();
            }
            Set<Long> tailed = new HashSet<>();
            tailer.seen().forEach(document -> tailed.add(document.rev()));

            List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(start, 10 * VISIBILITY_WRITERS
                    * VISIBILITY_WRITES));
            assertThat(feed).as("the feed ends with one entry per memory written")
                    .hasSize(VISIBILITY_WRITERS * (VISIBILITY_WRITES - VISIBILITY_WRITES / 5));
            assertThat(feed).extracting(MemoryDocument::rev).isSorted().doesNotHaveDuplicates();
            assertThat(tailed).as("the tailing reader saw every rev still in the feed")
                    .containsAll(feed.stream().map(MemoryDocument::rev).toList());
            long latest = store.read(tx -> tx.memoryFeed().latestRev());
            assertThat(feed.get(feed.size() - 1).rev()).isEqualTo(latest);
        } finally {
            pool.shutdownNow();
        }
    }
}
