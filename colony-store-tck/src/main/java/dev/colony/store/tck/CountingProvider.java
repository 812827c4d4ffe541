package dev.colony.store.tck;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TransactionWork;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store that counts the read and write transactions one thread begins: what a call costs in transactions,
 * leaving out the ones background threads (the search index, the signal hub) run meanwhile.
 */
public final class CountingProvider extends ForwardingStorageProvider {

    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger writes = new AtomicInteger();
    private volatile Thread counted;

    /** Counts the transactions of {@code delegate}; nothing is counted until {@link #countCallingThread}. */
    public CountingProvider(StorageProvider delegate) {
        super(delegate);
    }

    /** Starts counting afresh, from zero, the transactions the calling thread begins. */
    public void countCallingThread() {
        reads.set(0);
        writes.set(0);
        counted = Thread.currentThread();
    }

    /** Stops counting; the counts stay as they are. */
    public void stopCounting() {
        counted = null;
    }

    /** The read transactions counted. */
    public int reads() {
        return reads.get();
    }

    /** The write transactions counted. */
    public int writes() {
        return writes.get();
    }

    @Override
    public <T> T read(TransactionWork<T> work) {
        if (Thread.currentThread() == counted) {
            reads.incrementAndGet();
        }
        return delegate.read(work);
    }

    @Override
    public <T> T write(TransactionWork<T> work) {
        if (Thread.currentThread() == counted) {
            writes.incrementAndGet();
        }
        return delegate.write(work);
    }
}
