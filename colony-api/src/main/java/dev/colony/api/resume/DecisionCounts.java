package dev.colony.api.resume;

/**
 * The counts an autopilot decision looked at.
 *
 * @param pendingHandoffCount handoffs (and relays that are not about quota) waiting for the caller
 * @param quotaPendingClaimCount quota relays whose claims wait for a taker
 * @param unreadMessageCount unread messages to the caller
 * @param blockingMessageCount those among them marked blocking
 * @param readySubtaskCount claimable plan sub-tasks
 * @param stalledLaneCount stalled lanes of other sessions
 * @param deadHeartbeatLaneCount those that are dead or show no task: noise, not work to take over
 * @param actionableStalledLaneCount the rest: stalled lanes worth a look
 */
public record DecisionCounts(int pendingHandoffCount, int quotaPendingClaimCount, int unreadMessageCount,
        int blockingMessageCount, int readySubtaskCount, int stalledLaneCount, int deadHeartbeatLaneCount,
        int actionableStalledLaneCount) {
}
