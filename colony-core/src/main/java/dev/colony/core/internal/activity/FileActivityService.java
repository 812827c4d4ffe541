package dev.colony.core.internal.activity;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.activity.Drift;
import dev.colony.api.activity.FileActivity;
import dev.colony.api.activity.FileEdit;
import dev.colony.api.activity.FileHeat;
import dev.colony.api.activity.FileHeatQuery;
import dev.colony.api.claim.ClaimState;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.core.internal.task.ThreadScope;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link FileActivity} for one caller. An edit is one write transaction (own session and heartbeat,
 * readable thread, path normalised as claims normalise it, join, insert); heat is one read.
 */
public final class FileActivityService implements FileActivity {

    /** The most edits, and the most claims, one heat reading considers. */
    public static final int MAX_EVENTS = 5_000;
    /** The claim states whose claim time counts as activity on the file. */
    public static final Set<ClaimState> HELD = Set.of(ClaimState.ACTIVE, ClaimState.HANDOFF_PENDING);

    private final Actor actor;
    private final Kernel kernel;
    private final ThreadCaller thread;
    private final ClaimLedger ledger;

    /** The activity service acting as {@code actor}. */
    public FileActivityService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.thread = new ThreadCaller(actor);
        AuditTrail audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    @Override
    public FileEdit recordEdit(TaskId task, String filePath) {
        Check.required("task_id", task);
        Instant now = kernel.time().now();
        return kernel.store(actor.user()).write(tx -> {
            thread.enter(tx, now);
            StoredTask stored = thread.task(tx, "task_id", task);
            String path = ClaimPaths.normalise("file_path", stored.repoRoot(), filePath);
            thread.join(tx, stored, now);
            FileEdit edit = new FileEdit(task, path, actor.session(), actor.agent(), now);
            tx.fileEdits().insert(edit);
            return edit;
        });
    }

    @Override
    public List<FileHeat> heat(FileHeatQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_HEAT_LIMIT);
        Duration halfLife = halfLife("half_life", query.halfLife());
        Set<String> roots = ThreadScope.roots("repo_roots", query.repoRoots());
        Instant now = kernel.time().now();
        return kernel.store(actor.user()).read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            ThreadScope scope = ThreadScope.of(tx, readable, roots, query.tasks(), "task_ids");
            Instant since = windowStart(now, halfLife);
            return hottest(scope, tx.fileEdits().since(readable, since, MAX_EVENTS),
                    tx.claims().listByNamespaces(readable, HELD, MAX_EVENTS), now, halfLife, query.limit());
        });
    }

    @Override
    public Drift drift(TaskId task, SessionId session, Duration window) {
        Check.required("task_id", task);
        Check.required("session_id", session);
        Check.required("window_minutes", window);
        if (window.compareTo(Duration.ofMinutes(1)) < 0 || window.compareTo(MAX_DRIFT_WINDOW) > 0) {
            throw ColonyException.invalid("window_minutes", "must be 1 to " + MAX_DRIFT_WINDOW.toMinutes()
                    + ", was " + window.toMinutes());
        }
        Instant now = kernel.time().now();
        return kernel.store(actor.user()).read(tx -> {
            thread.task(tx, "task_id", task);
            tx.requireVisibleSession("session_id", session);
            Set<String> claimed = new TreeSet<>();
            for (StoredClaim claim : tx.claims().listByTask(task, Set.of(ClaimState.ACTIVE), MAX_EVENTS)) {
                if (claim.session().equals(session) && ledger.effectiveState(claim, now) == ClaimState.ACTIVE) {
                    claimed.add(claim.filePath());
                }
            }
            Set<String> edited = new TreeSet<>();
            for (FileEdit edit : tx.fileEdits().since(tx.readable(), now.minus(window),
                    MAX_EVENTS)) {
                if (edit.task().equals(task) && edit.session().equals(session)) {
                    edited.add(edit.filePath());
                }
            }
            List<String> unclaimed = edited.stream().filter(file -> !claimed.contains(file)).toList();
            List<String> untouched = claimed.stream().filter(file -> !edited.contains(file)).toList();
            return new Drift(now, task, session, window, List.copyOf(claimed), List.copyOf(edited), unclaimed, untouched);
        });
    }

    /**
     * The {@code limit} hottest files of {@code scope} from edits and claims already read.
     *
     * @param edits edits, any order (those outside the window or scope are ignored)
     * @param claims claims, any order (only held ones within the window and scope count)
     */
    public static List<FileHeat> hottest(ThreadScope scope, Collection<FileEdit> edits, Collection<StoredClaim> claims,
            Instant now, Duration halfLife, int limit) {
        Instant since = windowStart(now, halfLife);
        HeatMap map = new HeatMap(now, halfLife);
        for (FileEdit edit : edits) {
            if (scope.contains(edit.task()) && !edit.editedAt().isBefore(since)) {
                map.add(edit.task(), edit.filePath(), edit.editedAt());
            }
        }
        for (StoredClaim claim : claims) {
            if (HELD.contains(claim.state()) && scope.contains(claim.task()) && !claim.claimedAt().isBefore(since)) {
                map.add(claim.task(), claim.filePath(), claim.claimedAt());
            }
        }
        return map.hottest(scope, limit);
    }

    /** The oldest activity that still counts: {@link FileHeatQuery#WINDOW_HALF_LIVES} half-lives back. */
    public static Instant windowStart(Instant now, Duration halfLife) {
        return now.minus(halfLife.multipliedBy(FileHeatQuery.WINDOW_HALF_LIVES));
    }

    /**
     * A half-life of at least one minute and at most a week.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} otherwise
     */
    public static Duration halfLife(String field, Duration halfLife) {
        Check.required(field, halfLife);
        if (halfLife.compareTo(Duration.ofMinutes(1)) < 0 || halfLife.compareTo(Duration.ofDays(7)) > 0) {
            throw ColonyException.invalid(field, "must be between 1 minute and 7 days, was " + halfLife);
        }
        return halfLife;
    }
}
