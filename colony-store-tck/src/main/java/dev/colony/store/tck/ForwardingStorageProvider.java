package dev.colony.store.tck;

import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import dev.colony.spi.storage.TransactionWork;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A provider that hands every call to a real one, for tests that wrap a store to watch or disturb its units of
 * work: a subclass overrides only what it changes ({@link #read}, {@link #write}, ...). Closing it closes the
 * wrapped store.
 */
public abstract class ForwardingStorageProvider implements StorageProvider {

    /** The store every call goes to. */
    protected final StorageProvider delegate;

    /** Wraps {@code delegate}. */
    protected ForwardingStorageProvider(StorageProvider delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public <T> T read(TransactionWork<T> work) {
        return delegate.read(work);
    }

    @Override
    public <T> T write(TransactionWork<T> work) {
        return delegate.write(work);
    }

    @Override
    public String name() {
        return delegate.name();
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
    public Optional<Listening> listen(StorageTopic topic, Runnable onChange) {
        return delegate.listen(topic, onChange);
    }

    @Override
    public void onMemoryCommit(Runnable listener) {
        delegate.onMemoryCommit(listener);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
