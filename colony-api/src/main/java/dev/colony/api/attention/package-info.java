/**
 * The attention inbox: everything that asks for a caller's attention before it chooses work.
 *
 * <p>{@link dev.colony.api.attention.AttentionInbox}, reached as {@code colony.as(actor).attention()},
 * gathers handoffs and relays addressed to the caller's agent, unread messages (blocking first), recent
 * blockers, stalled lanes, fresh claims by other sessions, a summary of stale claims and the hottest
 * files into one {@link dev.colony.api.attention.Attention}. Each bucket is bounded and carries the
 * count of what matched, so a compact view can say what it left out. What of it waits for the caller's own
 * action is counted once, by {@link dev.colony.api.attention.Need}, in the order every view acts on it.
 */
package dev.colony.api.attention;
