package dev.colony.store.tck;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TransactionWork;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider that runs every write unit twice: once to completion and then rolled back, and once
 * for real. The storage SPI allows exactly this (a store retries a unit that lost a race for the
 * lock), so anything that lets a value escape a unit of work before its commit — a process cache fed
 * from inside the unit — is caught by running the domain over this wrapper.
 */
public final class RerunningProvider extends ForwardingStorageProvider {

    private final AtomicInteger rolledBack = new AtomicInteger();

    /** Wraps {@code delegate}; closing this closes it. */
    public RerunningProvider(StorageProvider delegate) {
        super(delegate);
    }

    /** How many write attempts were run and then rolled back so far. */
    public int rolledBack() {
        return rolledBack.get();
    }

    @Override
    public <T> T write(TransactionWork<T> work) {
        try {
            delegate.write(tx -> {
                work.run(tx);
                throw new Rerun();
            });
        } catch (Rerun expected) {
            rolledBack.incrementAndGet();
        }
        return delegate.write(work);
    }

    @Override
    public String name() {
        return delegate.name() + "-rerunning";
    }

    /** Thrown at the end of the first attempt so that the store rolls it back. */
    private static final class Rerun extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Rerun() {
            super("rolled back on purpose, to run the unit again", null, false, false);
        }
    }
}
