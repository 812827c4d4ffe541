package dev.colony.store.tck;

import dev.colony.api.claim.ClaimState;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.run.RunStatus;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.store.jdbc.ReadOnlyQueries;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What must hold of a store's rows whatever a test did to it, checked by {@link InvariantsExtension} after every
 * contract test:
 * <ol>
 *   <li><b>Sub-tasks</b>: one row, so one claimant, per plan and index; a claimed sub-task names its claimer
 *       (session, agent, time), an available or blocked one names none.</li>
 *   <li><b>Versions</b>: every row with a compare-and-set version is at version 1 or more, and no row is at a lower
 *       version than at the previous check of the same store.</li>
 *   <li><b>Live claims</b>: the session of every file claim still held (active or handoff pending: the states that
 *       mean ownership) exists, and so does the claimer of every claimed sub-task.</li>
 *   <li><b>Change feed</b>: read with the feed's own reader ({@code changedSince}) from where the previous check
 *       stopped, revs strictly increase and no memory comes twice; the store's latest rev is where the feed ends;
 *       and every stored memory is at the rev the feed last handed it out at, so none appeared at, or moved to, a
 *       rev the feed had already passed. Together: revs are unique and become visible in increasing order.</li>
 *   <li><b>Run slots</b>: the slot count the store reports ({@code countInProgress}) counts each run in progress
 *       exactly once, and no run that has ended still holds a slot. (The slot maximum is core's setting, which the
 *       store does not know, so it is not checked here.)</li>
 * </ol>
 *
 * <p>One instance follows one store and remembers, between checks, each versioned row's version and the change
 * feed's position. The checks are plain SQL shared by every SQL store, run in one read transaction through
 * {@link ReadOnlyQueries}; a store that is not a SQL store of {@code colony-store-jdbc} is not checked.
 */
public final class StoreInvariants {

    private static final int FEED_PAGE = 500;
    private static final String CLAIMED = quoted(SubtaskStatus.CLAIMED.wireName());
    private static final String IN_PROGRESS = quoted(RunStatus.IN_PROGRESS.wireName());

    private static final String SUBTASKS_WITH_SEVERAL_ROWS = "SELECT plan_id, subtask_index, COUNT(*), "
            + "MIN(claimed_by), MAX(claimed_by) FROM plan_subtasks GROUP BY plan_id, subtask_index HAVING COUNT(*) > 1";
    private static final String SUBTASKS_WITH_WRONG_CLAIMER = "SELECT plan_id, subtask_index, status, claimed_by, "
            + "claimed_agent, claimed_at FROM plan_subtasks WHERE (status = " + CLAIMED + " AND (claimed_by IS NULL "
            + "OR claimed_agent IS NULL OR claimed_at IS NULL)) OR (status IN ("
            + quoted(SubtaskStatus.AVAILABLE.wireName()) + ", " + quoted(SubtaskStatus.BLOCKED.wireName()) + ") "
            + "AND (claimed_by IS NOT NULL OR claimed_agent IS NOT NULL OR claimed_at IS NOT NULL)) OR status NOT IN ("
            + quoted(SubtaskStatus.AVAILABLE.wireName()) + ", " + CLAIMED + ", "
            + quoted(SubtaskStatus.COMPLETED.wireName()) + ", " + quoted(SubtaskStatus.BLOCKED.wireName()) + ")";

    /** Every row with a compare-and-set version: table, the row's key as a label, version. */
    private static final String VERSIONS = String.join(" UNION ALL ",
            versions("tasks", id("id")),
            versions("task_working_notes", id("task_id") + " || ', session_id=' || session_id"),
            versions("messages", id("memory_id")),
            versions("file_claims", id("id")),
            versions("batons", id("id")),
            versions("signals", id("id")),
            versions("plans", id("id")),
            versions("plan_subtasks", id("plan_id") + " || ', subtask_index=' || CAST(subtask_index AS VARCHAR)"),
            versions("agent_profiles", "'user_id=' || user_id || ', agent=' || agent"),
            versions("proposals", id("id")),
            versions("runs", "'id=' || id"));

    private static final String HELD_CLAIMS_WITHOUT_SESSION = "SELECT c.id, c.task_id, c.file_path, c.state, "
            + "c.session_id FROM file_claims c WHERE c.state IN (" + quoted(ClaimState.ACTIVE.wireName()) + ", "
            + quoted(ClaimState.HANDOFF_PENDING.wireName()) + ") AND NOT EXISTS (SELECT 1 FROM sessions s "
            + "WHERE s.id = c.session_id) ORDER BY c.id";
    private static final String CLAIMED_SUBTASKS_WITHOUT_SESSION = "SELECT p.plan_id, p.subtask_index, p.claimed_by "
            + "FROM plan_subtasks p WHERE p.status = " + CLAIMED + " AND p.claimed_by IS NOT NULL AND NOT EXISTS "
            + "(SELECT 1 FROM sessions s WHERE s.id = p.claimed_by) ORDER BY p.plan_id, p.subtask_index";

    private static final String REV_TOTALS = "SELECT COUNT(*), COALESCE(SUM(rev), 0) FROM memories";
    private static final String MEMORY_REVS = "SELECT id, rev FROM memories ORDER BY id";

    private static final String RUNS_COUNTED_TWICE = "SELECT id, COUNT(*) FROM runs WHERE status = " + IN_PROGRESS
            + " GROUP BY id HAVING COUNT(*) > 1 ORDER BY id";
    private static final String RUNS_IN_PROGRESS = "SELECT COUNT(DISTINCT id) FROM runs WHERE status = "
            + IN_PROGRESS;
    private static final String ENDED_RUNS_IN_SLOTS = "SELECT id, ended_at FROM runs WHERE status = " + IN_PROGRESS
            + " AND ended_at IS NOT NULL ORDER BY id";

    private final StorageProvider store;
    /** Each versioned row's version at the previous check, by table and key label. */
    private Map<String, Long> versions = Map.of();
    /** The last rev the feed handed out by the previous check: every memory then had a rev at most this. */
    private long feedEnd;
    /** The rev at which the feed last handed out each memory. */
    private final Map<Long, Long> revs = new HashMap<>();
    /** The sum of the revs in {@link #revs}, compared with the stored memories' in one pass. */
    private long revSum;

    /** Follows {@code store}; the first check has nothing to compare with and reads the whole change feed. */
    public StoreInvariants(StorageProvider store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Checks every invariant in one read transaction and remembers what the next check compares with.
     *
     * @return each violation found, naming the table and the row at fault; empty when all hold or when the store
     *     is not a SQL store
     */
    public List<String> check() {
        return store.read(tx -> {
            if (!ReadOnlyQueries.supports(tx)) {
                return List.of();
            }
            List<String> found = new ArrayList<>();
            subtasks(tx, found);
            versions(tx, found);
            liveClaims(tx, found);
            feed(tx, found);
            runSlots(tx, found);
            return List.copyOf(found);
        });
    }

    private static void subtasks(StorageTransaction tx, List<String> found) {
        for (List<Object> row : ReadOnlyQueries.select(tx, SUBTASKS_WITH_SEVERAL_ROWS)) {
            found.add("plan_subtasks plan_id=" + row.get(0) + ", subtask_index=" + row.get(1) + ": " + row.get(2)
                    + " rows, so more than one claimant (claimed_by " + row.get(3) + " and " + row.get(4) + ")");
        }
        for (List<Object> row : ReadOnlyQueries.select(tx, SUBTASKS_WITH_WRONG_CLAIMER)) {
            found.add("plan_subtasks plan_id=" + row.get(0) + ", subtask_index=" + row.get(1) + ": status "
                    + row.get(2) + " does not match its claimer (claimed_by " + row.get(3) + ", claimed_agent "
                    + row.get(4) + ", claimed_at " + row.get(5) + ")");
        }
    }

    private void versions(StorageTransaction tx, List<String> found) {
        List<List<Object>> rows = ReadOnlyQueries.select(tx, VERSIONS);
        Map<String, Long> now = new HashMap<>(rows.size() * 2);
        for (List<Object> row : rows) {
            String key = row.get(0) + " " + row.get(1);
            long version = (Long) row.get(2);
            now.put(key, version);
            if (version < 1) {
                found.add(key + ": version " + version + ", below the first version 1");
            }
            Long before = versions.get(key);
            if (before != null && version < before) {
                found.add(key + ": version went down from " + before + " to " + version);
            }
        }
        versions = now;
    }

    private static void liveClaims(StorageTransaction tx, List<String> found) {
        for (List<Object> row : ReadOnlyQueries.select(tx, HELD_CLAIMS_WITHOUT_SESSION)) {
            found.add("file_claims id=" + row.get(0) + " (task " + row.get(1) + ", " + row.get(2) + ", " + row.get(3)
                    + "): its session " + row.get(4) + " does not exist");
        }
        for (List<Object> row : ReadOnlyQueries.select(tx, CLAIMED_SUBTASKS_WITHOUT_SESSION)) {
            found.add("plan_subtasks plan_id=" + row.get(0) + ", subtask_index=" + row.get(1) + ": its claimer "
                    + row.get(2) + " does not exist as a session");
        }
    }

    /**
     * Reads the feed on from the previous check's end, in increasing rev order; then checks, by count and sum of
     * revs, that the stored memories are exactly those the feed has handed out, at the revs it gave them, naming
     * the rows when they are not. The count and sum cost one pass over the rev index; the rest grows only with what
     * changed since the previous check.
     */
    private void feed(StorageTransaction tx, List<String> found) {
        long previousEnd = feedEnd;
        long last = previousEnd;
        Set<Long> seen = new HashSet<>();
        while (true) {
            long after = last;
            List<MemoryDocument> page = tx.memoryFeed().changedSince(after, FEED_PAGE);
            for (MemoryDocument document : page) {
                long id = document.memory().id().value();
                long rev = document.rev();
                if (rev <= last) {
                    found.add("memories id=" + id + ": the feed read after rev " + after + " returned rev " + rev
                            + " after rev " + last + ", not in increasing order");
                }
                if (!seen.add(id)) {
                    found.add("memories id=" + id + ": the feed returned it twice, the second time at rev " + rev);
                }
                remember(id, rev);
                last = Math.max(last, rev);
            }
            if (page.size() < FEED_PAGE) {
                break;
            }
        }
        feedEnd = last;
        long latest = tx.memoryFeed().latestRev();
        if (latest != last) {
            found.add("memories: latestRev() is " + latest + " but the feed ends at rev " + last);
        }
        List<Object> totals = ReadOnlyQueries.select(tx, REV_TOTALS).get(0);
        if ((Long) totals.get(0) != revs.size() || (Long) totals.get(1) != revSum) {
            unfed(tx, previousEnd, found);
        }
    }

    /** Records that the feed handed out memory {@code id} at {@code rev}. */
    private void remember(long id, long rev) {
        Long before = revs.put(id, rev);
        revSum += rev - (before == null ? 0 : before);
    }

    /** Names the memories stored otherwise than the feed handed them out, then follows the store as it is. */
    private void unfed(StorageTransaction tx, long previousEnd, List<String> found) {
        Map<Long, Long> fed = new HashMap<>(revs);
        revs.clear();
        revSum = 0;
        for (List<Object> row : ReadOnlyQueries.select(tx, MEMORY_REVS)) {
            long id = (Long) row.get(0);
            long rev = (Long) row.get(1);
            Long expected = fed.remove(id);
            if (expected == null) {
                found.add("memories id=" + id + ": stored at rev " + rev + " but never handed out by the feed (rev "
                        + rev + " is at or below rev " + previousEnd + ", which the feed had already passed)");
            } else if (expected != rev) {
                found.add("memories id=" + id + ": the feed handed it out at rev " + expected + " but it is stored at "
                        + "rev " + rev);
            }
            remember(id, rev);
        }
        fed.forEach((id, rev) -> found.add("memories id=" + id + ": gone from the store (the feed handed it out at rev "
                + rev + ")"));
    }

    private static void runSlots(StorageTransaction tx, List<String> found) {
        for (List<Object> row : ReadOnlyQueries.select(tx, RUNS_COUNTED_TWICE)) {
            found.add("runs id=" + row.get(0) + ": counted " + row.get(1) + " times in the run slots");
        }
        long slots = tx.runs().countInProgress();
        long running = (Long) ReadOnlyQueries.select(tx, RUNS_IN_PROGRESS).get(0).get(0);
        if (slots != running) {
            found.add("runs: countInProgress() counts " + slots + " slots taken, but " + running
                    + " runs are in progress");
        }
        for (List<Object> row : ReadOnlyQueries.select(tx, ENDED_RUNS_IN_SLOTS)) {
            found.add("runs id=" + row.get(0) + ": in progress, holding a slot, though it ended (ended_at "
                    + row.get(1) + ")");
        }
    }

    private static String versions(String table, String key) {
        return "SELECT '" + table + "', " + key + ", version FROM " + table;
    }

    /** The label of a key of one numeric column: {@code column=value}. */
    private static String id(String column) {
        return "'" + column + "=' || CAST(" + column + " AS VARCHAR)";
    }

    private static String quoted(String text) {
        return "'" + text + "'";
    }
}
