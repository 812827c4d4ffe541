package dev.colony.api.signal;

import dev.colony.api.MemoryId;
import java.util.List;

/**
 * A signal to send.
 *
 * @param collection the slug of the collection to send it through; sender and recipient must both belong
 *     to it, and every memory must be one of its memories
 * @param recipient a member's user name (any of its agents may take the signal), or the name of an agent
 *     that exactly one member runs (only that agent takes it)
 * @param memories the memories to point at, 1 to {@link SignalLimits#MAX_MEMORIES}; repeats are dropped
 * @param expiryHours how long it waits for an acknowledgement, {@link SignalLimits#MIN_EXPIRY_HOURS} to
 *     {@link SignalLimits#MAX_EXPIRY_HOURS}; {@code null} for {@link SignalLimits#DEFAULT_EXPIRY_HOURS}
 */
public record SignalDraft(String collection, String recipient, List<MemoryId> memories, Integer expiryHours) {

    /** Copies the ids; validation happens when the signal is sent, naming the field at fault. */
    public SignalDraft {
        memories = memories == null ? null : List.copyOf(memories);
    }

    /** A signal with the default expiry. */
    public static SignalDraft of(String collection, String recipient, List<MemoryId> memories) {
        return new SignalDraft(collection, recipient, memories, null);
    }

    /** This signal, expiring {@code hours} after it is sent. */
    public SignalDraft expiringIn(int hours) {
        return new SignalDraft(collection, recipient, memories, hours);
    }
}
