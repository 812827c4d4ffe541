package dev.colony.store.tck;

import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TransactionWork;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider that runs every write unit twice: once to completion and then rolled back, and once
 * for real. The storage SPI allows exactly this (a store retries a unit that lost a race for the
 * lock), so anything that lets a value escape a unit of work before its commit — a process cache fed
 * from inside the unit — is caught by running the domain over this wrapper.
 */
public final class RerunningProvider implements StorageProvider {

    private final StorageProvider delegate;
    private final AtomicInteger rolledBack = new AtomicInteger();

    /** Wraps {@code delegate}; closing this closes it. */
    public RerunningProvider(StorageProvider delegate) {
        this.delegate = delegate;
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
    public <T> T read(TransactionWork<T> work) {
        return delegate.read(work);
    }

    @Override
    public String name() {
        return delegate.name() + "-rerunning";
    }

    @Override
    public Set<StorageCapability> capabilities() {
        return delegate.capabilities();
    }

    @Override
    public Optional<Path> location() {
        return delegate.location();
    }

    @Override
    public String storeId() {
        return delegate.storeId();
    }

    @Override
    public void migrate() {
        delegate.migrate();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /** Thrown at the end of the first attempt so that the store rolls it back. */
    private static final class Rerun extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Rerun() {
            super("rolled back on purpose, to run the unit again", null, false, false);
        }
    }
}
