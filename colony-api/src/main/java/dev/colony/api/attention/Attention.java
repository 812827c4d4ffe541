package dev.colony.api.attention;

import dev.colony.api.activity.FileHeat;
import dev.colony.api.baton.Baton;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.message.Message;
import dev.colony.api.run.Run;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What needs a caller's attention, bucket by bucket. Each list is bounded by the query; the matching
 * {@code …Count} says how many matched in all.
 *
 * @param generatedAt when it was read, from the Colony's clock
 * @param batons live handoffs and relays addressed to the caller's agent: handoffs, then quota relays, each
 *     soonest expiry first
 * @param batonCount how many there are
 * @param unreadMessages unread messages to the caller: blocking, then awaiting a reply, then for information
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
 * @param needs how many of each {@link Need} wait for the caller, in the order of {@link Need} (most urgent
 *     first), only those that do; {@code batons} and {@code unreadMessages} come in the same order, so the first
 *     of either list is the first of its most urgent need
 */
public record Attention(Instant generatedAt, List<Baton> batons, int batonCount, List<Message> unreadMessages,
        int unreadCount, List<Blocker> blockers, int blockerCount, List<Lane> stalledLanes, int stalledLaneCount,
        List<FileClaim> recentOtherClaims, int recentOtherClaimCount, StaleClaims staleClaims,
        List<FileHeat> hotFiles, List<Run> runsForYou, int runsForYouCount, List<Run> endedRuns,
        int endedRunCount, Map<Need, Integer> needs) {

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
        Objects.requireNonNull(needs, "needs");
        needs = needs.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(needs));
    }

    /** Whether an unread message is blocking. */
    public boolean blocking() {
        return count(Need.BLOCKING_MESSAGE) > 0;
    }

    /** The most urgent need, or none when nothing waits for the caller's action. */
    public Optional<Need> firstNeed() {
        return needs.keySet().stream().findFirst();
    }

    /** How many of {@code need} wait for the caller. */
    public int count(Need need) {
        return needs.getOrDefault(need, 0);
    }
}
