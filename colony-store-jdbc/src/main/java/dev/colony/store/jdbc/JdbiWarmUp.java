package dev.colony.store.jdbc;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdbi.v3.core.Jdbi;

/**
 * Loads Jdbi's classes on a daemon thread of its own while the opening thread opens the database. The
 * first {@link Jdbi} of a process costs about a quarter of a second on a cold JVM (the classes of its
 * registry of mappers, arguments and collectors, loaded and initialised one after the other), which
 * otherwise runs after the database is open, on the path of every short-lived command and of a server's
 * first answer. Begun before the database opens, it overlaps that instead; the opening thread's own
 * {@code Jdbi.create} then finds the classes ready, or waits for the one being initialised.
 *
 * <p>The instance it makes is thrown away and never opens a connection. Only the first call of a process
 * starts anything; a failure is left to the opening thread, which meets it again and reports it.
 */
public final class JdbiWarmUp {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private JdbiWarmUp() {
    }

    /** Starts loading Jdbi's classes, unless this process started already. */
    public static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(JdbiWarmUp::load, "colony-jdbi-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private static void load() {
        try {
            Jdbi.create(() -> {
                throw new SQLException("the warm-up's Jdbi opens no connection");
            });
        } catch (RuntimeException | LinkageError ignored) {
            // The opening thread creates its own Jdbi and reports what went wrong.
        }
    }
}
