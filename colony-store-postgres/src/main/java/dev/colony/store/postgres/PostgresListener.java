package dev.colony.store.postgres;

import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Listens on one PostgreSQL notification channel over a connection of its own, and calls a callback when
 * anything arrives: how processes on other machines learn of a committed change at once instead of asking.
 *
 * <p>A lost connection is replaced after a pause; after every (re)connection the callback runs once, since
 * news sent while nobody listened is lost and the caller should look for itself.
 */
final class PostgresListener implements StorageProvider.Listening {

    private static final System.Logger LOG = System.getLogger(PostgresListener.class.getName());
    /** How long one wait for notifications lasts before the loop checks whether it was closed. */
    private static final int WAIT_MILLIS = 500;
    /** The pause before reconnecting after a failure. */
    private static final long RECONNECT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final DataSource source;
    private final String channel;
    private final Runnable onChange;
    private final Thread thread;
    private volatile boolean closed;
    private volatile Connection connection;

    private PostgresListener(DataSource source, StorageTopic topic, Runnable onChange) {
        this.source = source;
        this.channel = channel(topic);
        this.onChange = onChange;
        this.thread = new Thread(this::run, "colony-pg-listen-" + channel);
        thread.setDaemon(true);
    }

    /** Starts listening for {@code topic} on a new connection from {@code source}. */
    static PostgresListener start(DataSource source, StorageTopic topic, Runnable onChange) {
        PostgresListener listener = new PostgresListener(source, topic, onChange);
        listener.thread.start();
        return listener;
    }

    /** The channel a topic's news travels on. */
    static String channel(StorageTopic topic) {
        return "colony_" + topic.name().toLowerCase(Locale.ROOT);
    }

    private void run() {
        while (!closed) {
            try (Connection listening = source.getConnection()) {
                connection = listening;
                try (Statement statement = listening.createStatement()) {
                    statement.execute("LISTEN " + channel);
                }
                PGConnection pg = listening.unwrap(PGConnection.class);
                notifyQuietly();
                while (!closed) {
                    PGNotification[] news = pg.getNotifications(WAIT_MILLIS);
                    if (news != null && news.length > 0) {
                        notifyQuietly();
                    }
                }
            } catch (SQLException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.WARNING, "listening on {0} failed, reconnecting: {1}", channel,
                            e.getMessage());
                    LockSupport.parkNanos(RECONNECT_NANOS);
                }
            } finally {
                connection = null;
            }
        }
    }

    private void notifyQuietly() {
        try {
            onChange.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "a listener of " + channel + " failed", e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Connection listening = connection;
        if (listening != null) {
            try {
                listening.close();
            } catch (SQLException ignored) {
                // The loop ends either way; the server drops the LISTEN with the connection.
            }
        }
        LockSupport.unpark(thread);
    }
}
