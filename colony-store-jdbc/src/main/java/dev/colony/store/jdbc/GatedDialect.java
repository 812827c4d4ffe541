package dev.colony.store.jdbc;

/**
 * A dialect for engines whose transactions run with auto-commit switched off and whose write
 * transactions first pass a write gate: a statement that, once it returns, makes this transaction the
 * only writer of the database until it ends, so memory ids and revs are assigned in commit order.
 *
 * <p>H2 and PostgreSQL share this; SQLite, which takes its writer lock with {@code BEGIN IMMEDIATE},
 * does not. The shared gate is {@link #ROW_GATE}, an update of one row every writer touches.
 */
public abstract class GatedDialect extends Dialect {

    /**
     * The write gate on a row: every write transaction updates the same row of {@code colony_meta}
     * (seeded by the migrations), and the row lock queues writers until the holder commits or rolls back.
     */
    public static final String ROW_GATE =
            "UPDATE colony_meta SET meta_value = meta_value WHERE meta_key = 'write_gate'";

    /** Creates a dialect. */
    protected GatedDialect() {
    }

    /**
     * Passes the write gate inside the transaction just begun on {@code connection}; returns once this
     * transaction is the only writer.
     */
    protected abstract void enterWriteGate(StoreConnection connection);

    @Override
    public final void begin(StoreConnection connection, boolean write) {
        connection.setAutoCommit(false);
        if (write) {
            try {
                enterWriteGate(connection);
            } catch (RuntimeException e) {
                try {
                    rollback(connection);
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        }
    }

    @Override
    public final void commit(StoreConnection connection) {
        connection.commit();
        connection.setAutoCommit(true);
    }

    @Override
    public final void rollback(StoreConnection connection) {
        connection.rollback();
        connection.setAutoCommit(true);
    }
}
