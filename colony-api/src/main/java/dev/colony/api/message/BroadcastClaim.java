package dev.colony.api.message;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import java.time.Instant;

/**
 * Who holds a claimed broadcast.
 *
 * @param message the broadcast
 * @param session the claiming session
 * @param agent the claiming agent
 * @param claimedAt when it was claimed
 */
public record BroadcastClaim(MemoryId message, SessionId session, String agent, Instant claimedAt) {
}
