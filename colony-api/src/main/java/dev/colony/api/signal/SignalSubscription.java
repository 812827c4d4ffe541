package dev.colony.api.signal;

/** A listener's registration with a {@link SignalBus}; closing it stops deliveries. Idempotent. */
public interface SignalSubscription extends AutoCloseable {

    /** Stops deliveries to the listener; a delivery already under way may still finish. */
    @Override
    void close();
}
