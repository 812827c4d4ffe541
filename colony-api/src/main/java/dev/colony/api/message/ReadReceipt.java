package dev.colony.api.message;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import java.time.Instant;

/**
 * One session's acknowledgement that it read a message, as the sender sees it.
 *
 * @param message the message that was read
 * @param session the reading session
 * @param agent the reading agent
 * @param readAt when it was first marked read by that session
 * @param receipt the {@code message_read} memory written on the task thread for it
 */
public record ReadReceipt(MemoryId message, SessionId session, String agent, Instant readAt, MemoryId receipt) {
}
