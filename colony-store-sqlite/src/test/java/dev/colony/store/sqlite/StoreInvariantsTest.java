package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.memory.Memory;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunStatus;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.PlanRecords.NewPlan;
import dev.colony.spi.storage.PlanRecords.NewSubtask;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.store.tck.Fixtures;
import dev.colony.store.tck.StoreInvariants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each of the store invariants the TCK checks after every contract test reports a store broken on purpose through
 * plain JDBC, naming the row at fault; and a store written only through the SPI breaks none of them. (A plain
 * connection to SQLite does not enforce foreign keys, which lets a test break what the store's own connections
 * would refuse.)
 */
class StoreInvariantsTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    /** A store migrated once, copied for each test: migrating a new one would cost most of a test's time. */
    @TempDir
    static Path migrated;

    @TempDir
    Path dir;

    private Path file;
    private SqliteStorageProvider store;
    private Fixtures.Writer writer;
    private StoreInvariants invariants;
    private final AtomicInteger tasks = new AtomicInteger();

    @BeforeAll
    static void migrate() {
        SqliteStorageProvider.open(migrated.resolve("colony.db")).close();
    }

    @BeforeEach
    void open() throws IOException {
        file = dir.resolve("colony.db");
        Files.copy(migrated.resolve("colony.db"), file);
        store = SqliteStorageProvider.open(file);
        writer = Fixtures.writer(store);
        invariants = new StoreInvariants(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aStoreWrittenThroughTheSpiHoldsEveryInvariant() {
        claimedSubtask();
        StoredClaim claim = claim();
        store.write(tx -> tx.claims().compareAndSet(claim.inState(ClaimState.RELEASED, null, null), T0));
        runInProgress();
        memories(3);

        assertThat(invariants.check()).isEmpty();
        memories(2);
        assertThat(invariants.check()).as("a second check compares with the first").isEmpty();
    }

    @Test
    void aSubtaskWithTwoClaimantsIsReported() throws SQLException {
        StoredSubtask subtask = claimedSubtask();
        assertThat(invariants.check()).isEmpty();

        // Two claimants need two rows of one sub-task, which its key forbids: drop the key first.
        jdbc("CREATE TABLE loose AS SELECT * FROM plan_subtasks",
                "DROP TABLE plan_subtasks",
                "ALTER TABLE loose RENAME TO plan_subtasks",
                "INSERT INTO plan_subtasks SELECT plan_id, subtask_index, title, description, file_scope, depends_on, "
                        + "capability_hint, wave, finalizer, task_id, status, 'intruder', 'codex', claimed_at, "
                        + "completed_at, summary, blocked_reason, updated_at, version, spec_row_id FROM plan_subtasks");

        assertThat(invariants.check()).anySatisfy(violation -> assertThat(violation).startsWith("plan_subtasks plan_id="
                + subtask.plan() + ", subtask_index=0: 2 rows, so more than one claimant").contains("intruder")
                .contains(writer.session().id().value()));
    }

    @Test
    void aClaimedSubtaskWithoutItsClaimerIsReported() throws SQLException {
        StoredSubtask subtask = claimedSubtask();

        jdbc("UPDATE plan_subtasks SET claimed_by = NULL WHERE plan_id = " + subtask.plan());

        assertThat(invariants.check()).containsExactly("plan_subtasks plan_id=" + subtask.plan() + ", subtask_index=0: "
                + "status claimed does not match its claimer (claimed_by null, claimed_agent codex, claimed_at "
                + T0.toEpochMilli() + ")");
    }

    @Test
    void aVersionThatGoesDownIsReported() throws SQLException {
        StoredClaim claim = claim();
        store.write(tx -> tx.claims().compareAndSet(claim.inState(ClaimState.HANDOFF_PENDING, T0.plusSeconds(60),
                null), T0));
        assertThat(invariants.check()).isEmpty();

        jdbc("UPDATE file_claims SET version = 1 WHERE id = " + claim.id());

        assertThat(invariants.check()).containsExactly("file_claims id=" + claim.id()
                + ": version went down from 2 to 1");
    }

    @Test
    void aVersionBelowTheFirstIsReported() throws SQLException {
        StoredSubtask subtask = claimedSubtask();

        jdbc("UPDATE plans SET version = 0 WHERE id = " + subtask.plan());

        assertThat(invariants.check()).containsExactly("plans id=" + subtask.plan()
                + ": version 0, below the first version 1");
    }

    @Test
    void aHeldClaimWhoseSessionIsGoneIsReported() throws SQLException {
        StoredClaim claim = claim();
        StoredSubtask subtask = claimedSubtask();
        String session = writer.session().id().value();

        jdbc("DELETE FROM sessions WHERE id = '" + session + "'");

        assertThat(invariants.check()).containsExactly(
                "file_claims id=" + claim.id() + " (task " + claim.task().value() + ", src/A.java, active): its "
                        + "session " + session + " does not exist",
                "plan_subtasks plan_id=" + subtask.plan() + ", subtask_index=0: its claimer " + session
                        + " does not exist as a session");
    }

    @Test
    void aRevThatAppearsBelowWhatTheFeedPassedIsReported() throws SQLException {
        List<Memory> memories = memories(3);
        store.write(tx -> tx.memoryForgetting().forget(memories.get(1).id(), "test", T0));
        assertThat(invariants.check()).isEmpty();
        long end = store.read(tx -> tx.memoryFeed().latestRev());

        // The forget moved the second memory from rev 2 to a new one: a late commit at rev 2 is one a reader misses.
        jdbc("INSERT INTO memories (namespace_id, session_id, kind, content, topics, macro_topics, created_at, "
                + "updated_at, metadata, rev) SELECT namespace_id, session_id, kind, 'late', topics, macro_topics, "
                + "created_at, updated_at, metadata, 2 FROM memories WHERE id = " + memories.get(0).id().value());

        assertThat(invariants.check()).singleElement().satisfies(violation -> assertThat(violation)
                .matches("memories id=\\d+: stored at rev 2 but never handed out by the feed .*")
                .contains("at or below rev " + end + ", which the feed had already passed"));
    }

    @Test
    void aRevTakenTwiceIsReported() throws SQLException {
        List<Memory> memories = memories(2);
        assertThat(invariants.check()).isEmpty();

        jdbc("DROP INDEX ux_memories_rev",
                "UPDATE memories SET rev = 3 WHERE id = " + memories.get(0).id().value(),
                "UPDATE memories SET rev = 3 WHERE id = " + memories.get(1).id().value());

        assertThat(invariants.check()).anySatisfy(violation -> assertThat(violation).matches("memories id=("
                + memories.get(0).id().value() + "|" + memories.get(1).id().value() + "): the feed read after rev 2 "
                + "returned rev 3 after rev 3, not in increasing order"));
    }

    @Test
    void aRunCountedTwiceInTheSlotsIsReported() throws SQLException {
        StoredRun run = runInProgress();
        assertThat(invariants.check()).isEmpty();

        // A run is counted twice only if it has two rows, which its key forbids: drop the key first.
        jdbc("CREATE TABLE loose AS SELECT * FROM runs",
                "DROP TABLE runs",
                "ALTER TABLE loose RENAME TO runs",
                "INSERT INTO runs SELECT * FROM runs");

        assertThat(invariants.check()).contains("runs id=" + run.run().id().value() + ": counted 2 times in the run "
                + "slots", "runs: countInProgress() counts 2 slots taken, but 1 runs are in progress");
    }

    @Test
    void anEndedRunThatStillHoldsASlotIsReported() throws SQLException {
        StoredRun run = runInProgress();

        jdbc("UPDATE runs SET ended_at = 1 WHERE id = '" + run.run().id().value() + "'");

        assertThat(invariants.check()).containsExactly("runs id=" + run.run().id().value() + ": in progress, holding a "
                + "slot, though it ended (ended_at 1)");
    }

    /** Runs {@code statements} on a plain connection to the store's file, outside the store. */
    private void jdbc(String... statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private TaskId task(String branch) {
        return store.write(tx -> tx.tasks().insert(writer.namespace().id(), branch, "/repo", branch,
                writer.session().id(), T0)).id();
    }

    /** Sub-task 0 of a new plan, claimed by the writer's session. */
    private StoredSubtask claimedSubtask() {
        String slug = "plan-" + tasks.incrementAndGet();
        TaskId spec = task(slug);
        TaskId sub = task(slug + "/sub-0");
        StoredPlan plan = store.write(tx -> tx.plans().insert(new NewPlan(writer.namespace().id(), "/repo", slug,
                "A plan", null, List.of("done"), false, Duration.ZERO, spec, writer.session().id(), T0),
                List.of(new NewSubtask(0, "only", null, List.of("a.txt"), List.of(), null, 0, false, sub,
                        null)))).orElseThrow();
        StoredSubtask available = store.read(tx -> tx.plans().subtask(plan.id(), 0)).orElseThrow();
        return store.write(tx -> tx.plans().update(available.claimed(writer.session().id(), "codex", T0)))
                .orElseThrow();
    }

    /** An active claim of {@code src/A.java} by the writer's session. */
    private StoredClaim claim() {
        TaskId task = task("claims-" + tasks.incrementAndGet());
        return store.write(tx -> tx.claims().insert(task, "src/A.java", writer.session().id(), "codex",
                ClaimState.ACTIVE, T0, null, null, T0));
    }

    /** {@code count} new memories of the writer, one transaction each. */
    private List<Memory> memories(int count) {
        List<Memory> written = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NewMemory memory = Fixtures.memory(writer, "memory " + i);
            written.add(store.write(tx -> tx.memories().insert(memory)));
        }
        return written;
    }

    private StoredRun runInProgress() {
        SessionId session = writer.session().id();
        RunId id = new RunId("ainvrun01");
        StoredRun row = new StoredRun(writer.namespace().id(), T0, new Run(id, id.kind(), "codex", "do it", null, null,
                null, null, session, true, RunStatus.IN_PROGRESS, null, null, null, null, null, null, null, null, null,
                Duration.ofSeconds(300), Duration.ZERO, T0, T0, null, false, 1));
        store.write(tx -> {
            tx.runs().insert(row);
            return null;
        });
        return row;
    }
}
