package dev.colony.store.sqlite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A process of {@link NativeLibraryCacheTest} and {@link StoreDamageTest}: opens the SQLite store named by
 * its argument (which loads SQLite's native library), says {@code open} on standard output and waits to be
 * killed. It exits on its own after a minute, so a test that fails to kill it leaves nothing running.
 */
public final class KilledProcess {

    private KilledProcess() {
    }

    /**
     * Runs the process.
     *
     * @param args the database file
     * @throws IOException never in practice; the store reports failures as exceptions
     * @throws InterruptedException when interrupted while waiting
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        SqliteStorageProvider store = SqliteStorageProvider.open(Path.of(args[0]));
        System.out.println("open " + store.storeId());
        System.out.flush();
        Thread.sleep(TimeUnit.MINUTES.toMillis(1));
        store.close();
    }
}
