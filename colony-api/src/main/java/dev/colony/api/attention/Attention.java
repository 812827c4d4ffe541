package dev.colony.api.attention;

import dev.colony.api.activity.FileHeat;
import dev.colony.api.baton.Baton;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.run.Run;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What needs a caller's attention, bucket by bucket. Each list is bounded by the query; the matching
 * {@code …Count} says how many matched in all.
 *
 * @param generatedAt when it was read, from the Colony's clock
 * @param batons live handoffs and relays addressed to the caller's agent, oldest expiry first
 * @param batonCount how many there are
 * @param unreadMessages unread messages to the caller, blocking first
 * @param unreadCount how many unread messages there are (counted up to {@code Messages.MAX_LIST_LIMIT})
 * @param blockers recent blocker posts on the threads in scope, newest first
 * @param blockerCount how many
 * @param stalledLanes stalled lanes of other sessions that still hold files or a thread
 * @param stalledLaneCount how many
 * @param recentOtherClaims fresh claims by other sessions within the window, newest first
 * @param recentOtherClaimCount how many
 * @param staleClaims the stale-claim summary
 * @param hotFiles the hottest files
 * @param runsForYou runs addressed to the caller's agent that no session took yet, oldest first
 * @param runsForYouCount how many (counted up to {@code Runs.MAX_VIEWABLE_WINDOW})
 * @param endedRuns runs the caller's agent delegated that ended and were not yet collected, newest first
 * @param endedRunCount how many (counted up to {@code Runs.MAX_VIEWABLE_WINDOW})
 */
public record Attention(Instant generatedAt, List<Baton> batons, int batonCount, List<Message> unreadMessages,
        int unreadCount, List<Blocker> blockers, int blockerCount, List<Lane> stalledLanes, int stalledLaneCount,
        List<FileClaim> recentOtherClaims, int recentOtherClaimCount, StaleClaims staleClaims,
        List<FileHeat> hotFiles, List<Run> runsForYou, int runsForYouCount, List<Run> endedRuns,
        int endedRunCount) {

    public Attention {
        Objects.requireNonNull(generatedAt, "generatedAt");
        batons = List.copyOf(batons);
        unreadMessages = List.copyOf(unreadMessages);
        blockers = List.copyOf(blockers);
        stalledLanes = List.copyOf(stalledLanes);
        recentOtherClaims = List.copyOf(recentOtherClaims);
        Objects.requireNonNull(staleClaims, "staleClaims");
        hotFiles = List.copyOf(hotFiles);
        runsForYou = List.copyOf(runsForYou);
        endedRuns = List.copyOf(endedRuns);
    }

    /** Whether an unread message is blocking. */
    public boolean blocking() {
        return unreadMessages.stream().anyMatch(m -> m.urgency() == MessageUrgency.BLOCKING);
    }
}
