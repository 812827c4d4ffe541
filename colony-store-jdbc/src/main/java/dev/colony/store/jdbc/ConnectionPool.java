package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import org.jdbi.v3.core.Jdbi;

/**
 * A small pool of long-lived {@link StoreConnection}s. Connections are opened on first need and kept
 * until the provider closes, so no transaction pays for opening a connection or configuring a handle.
 */
final class ConnectionPool implements AutoCloseable {

    private final Jdbi jdbi;
    private final String label;
    private final Semaphore permits;
    private final ConcurrentLinkedDeque<StoreConnection> idle = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;

    ConnectionPool(Jdbi jdbi, String label, int size) {
        this.jdbi = jdbi;
        this.label = label;
        this.permits = new Semaphore(size);
    }

    /** Takes a connection, opening one when none is idle; blocks while all are in use. */
    StoreConnection acquire() {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "interrupted while waiting for a " + label + " connection", e);
        }
        if (closed) {
            permits.release();
            throw new ColonyException(ErrorCode.CLOSED, "the store is closed");
        }
        StoreConnection connection = idle.pollFirst();
        if (connection != null) {
            return connection;
        }
        try {
            return new StoreConnection(jdbi.open());
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Gives a connection back; one that may be in a bad state ({@code healthy == false}) is closed. */
    void release(StoreConnection connection, boolean healthy) {
        try {
            if (healthy && !closed) {
                idle.addFirst(connection);
                if (closed && idle.remove(connection)) {
                    closeQuietly(connection);
                }
            } else {
                closeQuietly(connection);
            }
        } finally {
            permits.release();
        }
    }

    @Override
    public void close() {
        closed = true;
        StoreConnection connection;
        while ((connection = idle.pollFirst()) != null) {
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(StoreConnection connection) {
        try {
            connection.close();
        } catch (RuntimeException ignored) {
            // The connection is discarded either way; a failure to close it leaves nothing to undo.
        }
    }
}
