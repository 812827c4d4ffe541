package dev.colony.store.tck;

import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A reader tailing a store's change feed in the background while writers commit, the way a search
 * index follows it: {@code changedSince(lastSeenRev)} page by page, failing when a page goes back below
 * a rev it has already passed. It reads once per burst of commits rather than spinning on an unchanged
 * store, and drains the feed after the writers are done.
 */
final class FeedTailer {

    private final Semaphore commits = new Semaphore(0);
    private final AtomicBoolean writing = new AtomicBoolean(true);
    private final Future<List<MemoryDocument>> tailing;

    /** Starts tailing {@code store} on {@code pool} after rev {@code start}, {@code pageSize} changes a read. */
    FeedTailer(ExecutorService pool, StorageProvider store, long start, int pageSize) {
        this.tailing = pool.submit(() -> {
            List<MemoryDocument> seen = new ArrayList<>();
            long last = start;
            while (true) {
                commits.acquire();
                commits.drainPermits();
                boolean done = !writing.get();
                long from = last;
                List<MemoryDocument> page = store.read(tx -> tx.memoryFeed().changedSince(from, pageSize));
                for (MemoryDocument document : page) {
                    if (document.rev() <= last) {
                        throw new AssertionError("changedSince(" + from + ") returned rev " + document.rev()
                                + " out of order");
                    }
                    last = document.rev();
                    seen.add(document);
                }
                if (done && page.isEmpty()) {
                    return seen;
                }
                if (done || page.size() == pageSize) {
                    commits.release();
                }
            }
        });
    }

    /** Tells the tailer that a writer has committed. */
    void committed() {
        commits.release();
    }

    /** Tells the tailer that the writers are done (call it in a {@code finally}). */
    void writersDone() {
        writing.set(false);
        commits.release();
    }

    /** Every change the tailer saw, in the order it saw them, once it has drained the feed. */
    List<MemoryDocument> seen() throws InterruptedException, ExecutionException, TimeoutException {
        return tailing.get(120, TimeUnit.SECONDS);
    }
}
