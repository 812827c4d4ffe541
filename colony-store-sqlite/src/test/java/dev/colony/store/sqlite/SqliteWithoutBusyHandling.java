package dev.colony.store.sqlite;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.jdbc.RetryPolicy;
import dev.colony.store.tck.StoreFactory;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Opens the SQLite store with its busy handling switched off: SQLite reports a held lock at once
 * ({@code busy_timeout} 0) and a busy transaction is never run again. Two processes writing at the same
 * time must then fail, which shows that the two-process contract can tell working busy handling from
 * none.
 */
public final class SqliteWithoutBusyHandling implements StoreFactory {

    /** Creates the factory (the race's child process instantiates it reflectively). */
    public SqliteWithoutBusyHandling() {
    }

    @Override
    public StorageProvider open(Path dir) {
        return SqliteStorageProvider.open(dir.resolve("colony.db"), SqliteOptions.defaults()
                .withBusyTimeout(Duration.ZERO)
                .withRetry(new RetryPolicy(1, Duration.ZERO, Duration.ZERO)));
    }
}
