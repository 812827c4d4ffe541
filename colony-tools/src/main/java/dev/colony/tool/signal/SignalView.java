package dev.colony.tool.signal;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.MemoryId;
import dev.colony.api.signal.Signal;
import java.util.List;

/**
 * One signal as the tools show it: who pointed whom at which memory ids, and until when. Never content.
 *
 * @param id the signal's id, for ack
 * @param collection the collection it came through
 * @param fromUser the sending user
 * @param fromAgent the sending agent
 * @param toUser the receiving user
 * @param toAgent the receiving agent, omitted when any agent of the user may take it
 * @param memoryIds the memories to read with memory_retrieve
 * @param ts when it was sent (epoch ms)
 * @param expiresAt when it expires unacknowledged (epoch ms)
 */
public record SignalView(
        long id,
        String collection,
        String fromUser,
        String fromAgent,
        String toUser,
        @JsonInclude(JsonInclude.Include.NON_NULL) String toAgent,
        List<Long> memoryIds,
        long ts,
        long expiresAt) {

    /** The view of {@code signal}. */
    public static SignalView of(Signal signal) {
        return new SignalView(signal.id().value(), signal.collection(), signal.fromUser().value(),
                signal.fromAgent(), signal.toUser().value(), signal.toAgent(),
                signal.memories().stream().map(MemoryId::value).toList(), signal.sentAt().toEpochMilli(),
                signal.expiresAt().toEpochMilli());
    }
}
