package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.signal.SignalSubscription;
import dev.colony.core.Colony;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code signal.push} and {@code signal.push.pg}: how long a signal takes from {@code send} to a subscriber's
 * listener. The subject is a subscriber on a second Colony over the same database, as another agent's
 * process would have (SQLite: it learns of signals by asking the store for its highest signal id; PostgreSQL:
 * through LISTEN/NOTIFY); the baseline is a subscriber on the sending Colony, which hears of its own commits
 * at once. Sends are spaced so that each delivery is measured alone.
 */
final class SignalPushScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 100.0;
    private static final long TIMEOUT_SECONDS = 10;

    private final boolean postgres;

    SignalPushScenario(boolean postgres) {
        this.postgres = postgres;
    }

    @Override
    public String name() {
        return postgres ? "signal.push.pg" : "signal.push";
    }

    @Override
    public int defaultSize() {
        return 200;
    }

    @Override
    public Result run(int size, BenchOptions options) throws Exception {
        String url = postgres ? PostgresBench.database(options) : null;
        Supplier<StorageProvider> store = postgres
                ? () -> PostgresStorageProvider.open(url, PostgresBench.options())
                : () -> SqliteStorageProvider.open(options.workDir().resolve("colony.db"));
        Latencies remote = new Latencies(size);
        Latencies local = new Latencies(size);
        try (Colony sending = Colony.builder().storage(store.get()).build();
                Colony receiving = Colony.builder().storage(store.get()).build()) {
            CallerScope alice = sending.as(sending.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            alice.collections().create("deployments", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("deployments", UserId.of("bob"), MemberRole.MEMBER);
            MemoryId task = alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Deploy billing v2")
                    .withCollection("deployments")).id();
            CallerScope bobThere = receiving.as(receiving.sessions().ensure(SessionStart.of("bob", "deploy-bot"))
                    .actor());
            CallerScope bobHere = sending.as(sending.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            BlockingQueue<Long> remoteArrivals = new LinkedBlockingQueue<>();
            BlockingQueue<Long> localArrivals = new LinkedBlockingQueue<>();
            SignalSubscription there = bobThere.signals().subscribe(signal -> remoteArrivals.add(System.nanoTime()));
            SignalSubscription here = bobHere.signals().subscribe(signal -> localArrivals.add(System.nanoTime()));
            try {
                for (int i = -Math.min(20, size); i < size; i++) {
                    long sent = System.nanoTime();
                    Signal signal = alice.signals().send(SignalDraft.of("deployments", "bob", List.of(task)));
                    long remoteAt = arrival(remoteArrivals, signal);
                    long localAt = arrival(localArrivals, signal);
                    if (i >= 0) {
                        remote.record(remoteAt - sent);
                        local.record(localAt - sent);
                    }
                }
            } finally {
                there.close();
                here.close();
            }
        }
        double p95 = remote.percentileMillis(95);
        return new Result(name(), size, remote, local, "p95 across processes / p95 in the sending process",
                p95 / local.percentileMillis(95), String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS),
                p95 <= TARGET_P95_MILLIS,
                (postgres ? PostgresBench.describe(options, url) + "; pushed with LISTEN/NOTIFY"
                        : "SQLite file; the other process asks for the highest signal id every 20 ms")
                        + "; time from before send() to the listener, one signal at a time, two Colony instances "
                        + "on one database in one JVM");
    }

    private static long arrival(BlockingQueue<Long> arrivals, Signal signal) throws InterruptedException {
        Long at = arrivals.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (at == null) {
            throw new IllegalStateException("signal " + signal.id() + " was not delivered within "
                    + TIMEOUT_SECONDS + " s");
        }
        return at;
    }
}
