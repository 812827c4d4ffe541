package dev.colony.store.postgres;

/**
 * How a PostgreSQL store makes itself the only writer of the database for the length of a write
 * transaction.
 *
 * <p>Every memory insert or update takes the next change-feed rev as the largest rev plus one, and
 * readers tail the feed by rev. PostgreSQL runs write transactions side by side, so without a gate a
 * transaction could take rev 8, commit after one that took rev 9, and a reader that had already
 * passed 9 would skip 8 for ever. Both gates hold their lock until commit or rollback, across every
 * connection and every machine on the database, so revs (and ids) become visible in increasing order.
 */
public enum WriteGate {

    /**
     * {@code pg_advisory_xact_lock} on one constant key: no table row is written, so the gate adds no
     * dead tuples and no WAL. The default.
     */
    ADVISORY_LOCK,

    /**
     * An update of the {@code write_gate} row in {@code colony_meta} (the same gate the H2 store uses):
     * works where advisory locks are unavailable (some poolers in transaction mode), at the price of
     * one row version and its WAL record per write transaction.
     */
    GATE_ROW
}
