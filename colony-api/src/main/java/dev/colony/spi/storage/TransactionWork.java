package dev.colony.spi.storage;

/**
 * A unit of work run inside one storage transaction.
 *
 * <p>A write unit may be run more than once when the store retries a transaction that lost a race
 * for the database lock, so it must have no effects outside the transaction.
 *
 * @param <T> what the unit returns
 */
@FunctionalInterface
public interface TransactionWork<T> {

    /** Runs the unit; throwing rolls the transaction back. */
    T run(StorageTransaction tx);
}
