package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.signal.SignalInbox;
import dev.colony.api.signal.SignalLimits;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code signal.check}: the recipient's peek at its inbox with {@code size} pending signals spread over
 * {@link #COLLECTIONS} collections (the newest {@link SignalLimits#DEFAULT_CHECK_LIMIT} and the pending count,
 * memberships read from the store on every call), against one reused JDBC {@code PreparedStatement} reading
 * the same newest rows of the same SQLite file with no access check and no count.
 */
final class SignalCheckScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 2.0;
    static final int COLLECTIONS = 5;
    private static final String NEWEST = "SELECT id, namespace_id, from_user, memory_ids, sent_at, expires_at "
            + "FROM signals WHERE to_user = 'bob' AND status = 'pending' ORDER BY id DESC LIMIT "
            + SignalLimits.DEFAULT_CHECK_LIMIT;

    @Override
    public String name() {
        return "signal.check";
    }

    @Override
    public int defaultSize() {
        return 10_000;
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
                PreparedStatement newest = raw.prepareStatement(NEWEST)) {
            CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            long fillStart = System.nanoTime();
            fill(alice, size);
            fillMillis = (System.nanoTime() - fillStart) / 1_000_000;
            if (bob.signals().check().pending() != size) {
                throw new IllegalStateException("the inbox does not hold " + size + " pending signals");
            }
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> timeCheck(bob, calls, into), colonySide,
                    (calls, into) -> RawReads.time(newest, calls, into, "signal"), rawSide);
        } catch (SQLException e) {
            throw new IllegalStateException("raw read failed: " + e.getMessage(), e);
        }
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, rawSide, "p95 of check / p95 of one raw newest-signals query",
                p95 / rawSide.percentileMillis(95), String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS),
                p95 <= TARGET_P95_MILLIS,
                String.format(Locale.ROOT, "%,d pending signals for the caller in %d collections (sent through the "
                        + "library in %,d ms), SQLite file; check returns the newest %d with the pending count",
                        size, COLLECTIONS, fillMillis, SignalLimits.DEFAULT_CHECK_LIMIT));
    }

    /** {@code size} signals from alice to bob, round-robin over the collections, each pointing at one memory. */
    private static void fill(CallerScope alice, int size) {
        List<String> collections = new ArrayList<>();
        List<MemoryId> memories = new ArrayList<>();
        for (int c = 0; c < COLLECTIONS; c++) {
            String slug = "team-" + c;
            alice.collections().create(slug, NamespaceKind.COLLABORATIVE);
            alice.collections().addMember(slug, UserId.of("bob"), MemberRole.MEMBER);
            collections.add(slug);
            memories.add(alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Task " + c + " needs a review")
                    .withCollection(slug)).id());
        }
        for (int i = 0; i < size; i++) {
            int c = i % COLLECTIONS;
            alice.signals().send(SignalDraft.of(collections.get(c), "bob", List.of(memories.get(c)))
                    .expiringIn(SignalLimits.MAX_EXPIRY_HOURS));
        }
    }

    private static void timeCheck(CallerScope bob, int calls, Latencies into) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            SignalInbox inbox = bob.signals().check();
            into.record(System.nanoTime() - t0);
            if (inbox.signals().size() != SignalLimits.DEFAULT_CHECK_LIMIT) {
                throw new IllegalStateException("check returned " + inbox.signals().size() + " signals");
            }
        }
        into.addWall(System.nanoTime() - start);
    }

}
