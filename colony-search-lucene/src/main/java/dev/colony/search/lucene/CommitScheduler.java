package dev.colony.search.lucene;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the writer's commits on one background daemon thread, so that no search waits for the disk
 * to sync, and coalesces requests: at most one commit is pending at a time, and a request made while
 * one is pending is covered by it. The thread is started on the first request.
 *
 * <p>{@link LuceneSearchIndex} calls {@link #schedule} and {@link #shutdown} under its mutex; the
 * pending flag is cleared on the background thread before the commit runs, so a request made during
 * a commit schedules another one.
 */
final class CommitScheduler {

    private final AtomicBoolean scheduled = new AtomicBoolean();
    private ExecutorService executor;

    /** Runs {@code commit} soon on the background thread, unless a run is already pending. */
    void schedule(Runnable commit) {
        if (scheduled.compareAndSet(false, true)) {
            if (executor == null) {
                executor = Executors.newSingleThreadExecutor(task -> {
                    Thread thread = new Thread(task, "colony-search-commit");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            executor.execute(() -> {
                scheduled.set(false);
                commit.run();
            });
        }
    }

    /** Stops the background thread once a commit already pending or running, if any, has run. */
    void shutdown() {
        if (executor != null) {
            executor.shutdown();
        }
    }
}
