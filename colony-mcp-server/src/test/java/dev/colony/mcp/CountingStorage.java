package dev.colony.mcp;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TransactionWork;
import dev.colony.store.tck.ForwardingStorageProvider;
import java.util.concurrent.atomic.AtomicInteger;

/** A real store that counts the transactions begun on one thread: how many a tool call costs. */
final class CountingStorage extends ForwardingStorageProvider {

    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger writes = new AtomicInteger();
    private volatile Thread counted;

    CountingStorage(StorageProvider delegate) {
        super(delegate);
    }

    /** Counts the transactions {@code thread} begins from now on; {@code null} stops counting. */
    void counting(Thread thread) {
        counted = thread;
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
