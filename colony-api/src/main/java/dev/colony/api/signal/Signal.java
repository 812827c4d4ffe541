package dev.colony.api.signal;

import dev.colony.api.MemoryId;
import dev.colony.api.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One signal: which memories a member of a collection points another member at. It holds no content.
 *
 * @param id the signal's id, for {@link SignalBus#ack}
 * @param collection the slug of the collection it travels through
 * @param fromUser the sending user
 * @param fromAgent the sending agent
 * @param toUser the receiving user
 * @param toAgent the receiving agent, or {@code null} when any agent of {@code toUser} may take it
 * @param memories the memories pointed at, in the sender's order (1 to {@link SignalLimits#MAX_MEMORIES})
 * @param sentAt when it was sent
 * @param expiresAt when it is swept if nobody acknowledged it
 * @param status pending or acknowledged
 * @param ackedAt when it was acknowledged, or {@code null}
 */
public record Signal(
        SignalId id,
        String collection,
        UserId fromUser,
        String fromAgent,
        UserId toUser,
        String toAgent,
        List<MemoryId> memories,
        Instant sentAt,
        Instant expiresAt,
        SignalStatus status,
        Instant ackedAt) {

    /** Checks the required components and copies the ids. */
    public Signal {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(collection, "collection");
        Objects.requireNonNull(fromUser, "fromUser");
        Objects.requireNonNull(fromAgent, "fromAgent");
        Objects.requireNonNull(toUser, "toUser");
        memories = List.copyOf(memories);
        Objects.requireNonNull(sentAt, "sentAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(status, "status");
    }
}
