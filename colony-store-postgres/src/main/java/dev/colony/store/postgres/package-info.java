/**
 * Colony on PostgreSQL: one store for agents on many machines.
 *
 * <p>Open it with {@link dev.colony.store.postgres.PostgresStorageProvider#open(String)} and a
 * {@code jdbc:postgresql://…} URL. The SQL, mapping, retries and migrations are the shared ones of
 * {@code colony-store-jdbc}; this package adds only what differs on PostgreSQL: how connections are
 * opened, how write transactions are serialized ({@link dev.colony.store.postgres.WriteGate}) so that
 * change-feed revs become visible in order, and which errors are worth a retry.
 */
package dev.colony.store.postgres;
