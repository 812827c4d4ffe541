package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.core.Colony;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code task.feed}: the caller's task feed (the newest {@link TaskFeedQuery#DEFAULT_LIMIT} changes, fanned
 * out over its personal namespace and {@link #COLLECTIONS} collections, checklists joined, memberships read
 * on every call) over {@code size} tasks with checklists, against one reused JDBC {@code PreparedStatement}
 * of the same shape on the same SQLite file (each namespace's newest task rows through the index, the union
 * sorted) without the checklist join, the filters or the access check.
 */
final class TaskFeedScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 5.0;
    static final int COLLECTIONS = 50;
    private static final int PER_TRANSACTION = 1_000;

    @Override
    public String name() {
        return "task.feed";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        int perRound = Math.max(1, 2_000 / options.rounds());
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        long fillMillis;
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build();
                Connection raw = DriverManager.getConnection("jdbc:sqlite:" + db);
                PreparedStatement newest = raw.prepareStatement(newestOfEachNamespace(COLLECTIONS + 1))) {
            Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            CallerScope alice = colony.as(session.actor());
            CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            long fillStart = System.nanoTime();
            fill(colony.storage(), alice, session, size);
            fillMillis = (System.nanoTime() - fillStart) / 1_000_000;
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> timeFeed(bob, calls, into), colonySide,
                    (calls, into) -> RawReads.time(newest, calls, into, "task"), rawSide);
        } catch (SQLException e) {
            throw new IllegalStateException("raw read failed: " + e.getMessage(), e);
        }
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, rawSide, "p95 of the feed / p95 of the raw newest-tasks union",
                p95 / rawSide.percentileMillis(95), String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS),
                p95 <= TARGET_P95_MILLIS,
                String.format(Locale.ROOT, "%,d tasks with 3-step checklists in %d collections the reader belongs "
                        + "to (written through the store's task and memory records, %d per transaction, in %,d ms), "
                        + "SQLite file; the feed returns the newest %d with progress, topics and collection",
                        size, COLLECTIONS, PER_TRANSACTION, fillMillis, TaskFeedQuery.DEFAULT_LIMIT));
    }

    /** The raw side: the newest rows of namespaces 1 to {@code namespaces}, one sub-select each, merged. */
    private static String newestOfEachNamespace(int namespaces) {
        StringBuilder sql = new StringBuilder();
        for (int i = 1; i <= namespaces; i++) {
            sql.append(i == 1 ? "" : " UNION ALL ").append("SELECT * FROM (SELECT id, namespace_id, title, status, "
                    + "updated_at FROM tasks WHERE namespace_id = ").append(i).append(" ORDER BY updated_at DESC, "
                    + "id DESC LIMIT ").append(TaskFeedQuery.DEFAULT_LIMIT).append(") f").append(i);
        }
        return sql.append(" ORDER BY updated_at DESC, id DESC LIMIT ").append(TaskFeedQuery.DEFAULT_LIMIT)
                .toString();
    }

    /** {@code size} tasks, round-robin over the collections, each with its checklist memory, one second apart. */
    private static void fill(StorageProvider storage, CallerScope alice, Session session, int size) {
        List<Namespace> collections = new ArrayList<>();
        for (int c = 0; c < COLLECTIONS; c++) {
            String slug = "team-" + c;
            collections.add(alice.collections().create(slug, NamespaceKind.COLLABORATIVE));
            alice.collections().addMember(slug, UserId.of("bob"), MemberRole.READER);
        }
        Instant start = Instant.now().minusSeconds(size);
        for (int from = 0; from < size; from += PER_TRANSACTION) {
            int first = from;
            storage.write(tx -> {
                for (int i = first; i < Math.min(size, first + PER_TRANSACTION); i++) {
                    Namespace collection = collections.get(i % COLLECTIONS);
                    Instant at = start.plusSeconds(i);
                    TaskChecklist checklist = TaskChecklist.of("Task " + i + " of " + collection.slug(),
                            List.of("plan", "build", "ship"), TaskStatus.ACTIVE);
                    StoredTask task = tx.trackedTasks().insert(collection.id(), checklist.title(), checklist.status(),
                            session.id(), at);
                    tx.trackedTasks().attachChecklist(task.id(), tx.memories().insert(new NewMemory(collection.id(),
                            session.id(), MemoryKind.TASK, checklist.render(), List.of("bench", "team" + (i % 7)),
                            List.of(), null, null, task.id(), null, at, null, Map.of(), null)).id());
                }
                return null;
            });
        }
    }

    private static void timeFeed(CallerScope bob, int calls, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            List<FeedTask> feed = bob.taskFeed().feed(TaskFeedQuery.all());
            into.record(System.nanoTime() - t0);
            if (feed.size() != TaskFeedQuery.DEFAULT_LIMIT || feed.get(0).progress() == null) {
                throw new IllegalStateException("the feed returned " + feed.size() + " tasks");
            }
        }
        into.addWall(System.nanoTime() - start);
    }

}
