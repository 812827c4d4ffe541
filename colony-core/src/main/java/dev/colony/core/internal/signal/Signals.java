package dev.colony.core.internal.signal;

import dev.colony.api.signal.Signal;
import dev.colony.spi.storage.SignalRecords.StoredSignal;

/** The conversion from a stored signal to the public record, shared by checks and deliveries. */
final class Signals {

    private Signals() {
    }

    static Signal of(StoredSignal stored) {
        return new Signal(stored.id(), stored.collection(), stored.fromUser(), stored.fromAgent(), stored.toUser(),
                stored.toAgent(), stored.memories(), stored.sentAt(), stored.expiresAt(), stored.status(),
                stored.ackedAt());
    }
}
