package dev.colony.core.internal.lane;

import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.activity.FileEdit;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.session.Session;
import dev.colony.api.session.Sessions;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.TaskRecords.Participation;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds lanes from rows already read in one transaction: sessions, recent edits and claims. Shared by
 * {@link LaneService} and the attention inbox, so both classify a session alike.
 */
public final class LaneReader {

    /** How far back edits are read to find a session's latest one. */
    public static final Duration EDIT_WINDOW = LaneActivity.STALLED_UNTIL;

    private final Actor actor;
    private final ClaimLedger ledger;

    /** A reader for {@code actor}: the sessions it may see, claims judged by the Colony's claim policy. */
    public LaneReader(Actor actor, Kernel kernel) {
        this.actor = actor;
        ThreadCaller thread = new ThreadCaller(actor);
        AuditTrail audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    /** The sessions the caller may see: the most recently started {@link Sessions#MAX_LIST_LIMIT}. */
    public List<Session> visibleSessions(CallerTransaction tx) {
        List<Session> visible = new ArrayList<>(tx.sessions().listByUser(actor.user(), Sessions.MAX_LIST_LIMIT));
        visible.removeIf(session -> !tx.canSee(session));
        return visible;
    }

    /**
     * The lanes of {@code sessions}, the most recently seen first.
     *
     * @param roots only lanes in these normalised repository roots; empty for all
     * @param edits recent edits of the readable threads
     * @param claims claims of the readable threads
     * @param includeDead whether dead lanes are kept
     */
    public List<Lane> lanes(CallerTransaction tx, Collection<Session> sessions, Set<String> roots,
            Collection<FileEdit> edits, Collection<StoredClaim> claims, Instant now, boolean includeDead, int limit) {
        Map<SessionId, Touch> lastTouch = new HashMap<>();
        for (FileEdit edit : edits) {
            lastTouch.merge(edit.session(), new Touch(edit.task(), edit.editedAt()), Touch::later);
        }
        Map<SessionId, List<StoredClaim>> held = new HashMap<>();
        for (StoredClaim claim : claims) {
            if (ledger.effectiveState(claim, now) == ClaimState.ACTIVE) {
                held.computeIfAbsent(claim.session(), s -> new ArrayList<>()).add(claim);
                lastTouch.merge(claim.session(), new Touch(claim.task(), claim.claimedAt()), Touch::later);
            }
        }
        List<Session> ordered = new ArrayList<>(sessions);
        ordered.sort(Comparator.comparing(Session::lastSeen, Comparator.reverseOrder())
                .thenComparing(s -> s.id().value()));
        List<Lane> lanes = new ArrayList<>();
        for (Session session : ordered) {
            if (lanes.size() == limit) {
                break;
            }
            Touch touch = lastTouch.get(session.id());
            Instant edited = touch == null ? null : touch.at();
            LaneActivity activity = LaneActivity.of(session.ended(), nonNegative(session.lastSeen(), now),
                    edited == null ? null : nonNegative(edited, now));
            if (activity == LaneActivity.DEAD && !includeDead) {
                continue;
            }
            StoredTask task = thread(tx, session, touch);
            String repoRoot = task != null ? task.repoRoot() : session.repoRoot();
            if (!roots.isEmpty() && (repoRoot == null || !roots.contains(repoRoot))) {
                continue;
            }
            List<StoredClaim> files = held.getOrDefault(session.id(), List.of());
            lanes.add(new Lane(session.id(), session.agent(), repoRoot,
                    task != null ? task.branch() : session.branch(), activity, session.lastSeen(), edited,
                    task == null ? null : task.id(), task == null ? null : task.title(),
                    files.stream().limit(Lane.CLAIMED_FILE_PREVIEW).map(StoredClaim::filePath).toList(), files.size()));
        }
        return lanes;
    }

    /** The thread of the session's latest edit or claim, else the most recently active thread it joined. */
    private static StoredTask thread(CallerTransaction tx, Session session, Touch touch) {
        if (touch != null) {
            Optional<StoredTask> touched = tx.tasks().find(touch.task());
            if (touched.isPresent()) {
                return touched.get();
            }
        }
        List<Participation> joined = tx.tasks().participations(session.id(), 1);
        return joined.isEmpty() ? null : joined.get(0).task();
    }

    /** A session's latest edit or claim: where and when. */
    private record Touch(TaskId task, Instant at) {

        Touch later(Touch other) {
            return other.at.isAfter(at) ? other : this;
        }
    }

    private static Duration nonNegative(Instant at, Instant now) {
        Duration since = Duration.between(at, now);
        return since.isNegative() ? Duration.ZERO : since;
    }
}
