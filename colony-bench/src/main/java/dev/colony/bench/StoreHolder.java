package dev.colony.bench;

import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The process {@code store.open.unclean} kills: opens the SQLite store {@code args[0]}, prints
 * {@code OPEN} and waits to be killed with the store open. It exits on its own after a minute, so a
 * scenario that fails to kill it leaves nothing running.
 */
public final class StoreHolder {

    private StoreHolder() {
    }

    /** Opens the store {@code args[0]} and holds it open. */
    public static void main(String[] args) throws InterruptedException {
        SqliteStorageProvider store = SqliteStorageProvider.open(Path.of(args[0]));
        System.out.println("OPEN " + store.storeId());
        System.out.flush();
        Thread.sleep(TimeUnit.MINUTES.toMillis(1));
        store.close();
    }
}
