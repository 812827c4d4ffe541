package dev.colony.core.internal.run;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.TextRule;
import dev.colony.api.run.AgentRunner;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.SessionStart;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What one Colony does for runs beyond single transactions: it wakes waiters when a run changes, executes the
 * shell runs its callers spawn, and watches them.
 *
 * <p>Waking: a change made through this Colony wakes the waiters of that run at once, after it committed; a
 * change made by another process is seen by a poll of the watched runs (by id, every {@link #POLL}) that runs
 * only while something is watched. Shell runs: a run spawned here is started here, when its slot is granted (at
 * once, or on promotion by whichever process freed the slot), with a minimal environment and its output capped
 * ({@link ShellCommand}, {@link CappedOutput}); its exit finishes or fails it unless it ended already (killed, timed
 * out), and a run that ends while its command still runs (a kill from any process) has its process group killed. A
 * stall watchdog marks a command that wrote nothing for {@link #STALL_AFTER}. A pid file per live command lets a
 * later Colony kill commands whose JVM died ({@link #sweepOrphans}). Agent runs
 * addressed to an {@link AgentRunner} registered here are taken in a session of that agent and executed on this
 * hub's threads: at once when spawned through this Colony, and within {@link #MAINTENANCE_EVERY} when another
 * process spawned them; a kill interrupts the runner.
 *
 * <p>The hub is the coordinator the rest of the Colony talks to: it owns the threads and the watcher, observes
 * each run and tells its parts: {@link RunWaiters} (the waits), {@link ShellRuns} (the shell executor) and
 * {@link RunnerPickup} (the in-process agent runners).
 */
public final class RunHub implements AutoCloseable {

    /** How often the watched runs are read while anything is watched. */
    static final Duration POLL = Duration.ofMillis(20);
    /** How often, on the Colony's clock, the watchdog looks at output sizes and timeouts are enforced. */
    static final Duration MAINTENANCE_EVERY = Duration.ofSeconds(5);
    /** How long a command may write nothing before it counts as stalled. */
    public static final Duration STALL_AFTER = Duration.ofSeconds(45);
    private static final System.Logger LOG = System.getLogger(RunHub.class.getName());

    private final StorageProvider storage;
    private final TimeSource time;
    private final RunSettings settings;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "colony-run-exec");
        thread.setDaemon(true);
        return thread;
    });
    private final Object wake = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final RunWaiters waiters;
    private final ShellRuns shells;
    private final RunnerPickup pickup;
    private volatile Function<Actor, Runs> services;
    private volatile Function<SessionStart, Actor> announce;
    private volatile Thread watcher;
    private volatile Instant lastMaintenance;

    /** The hub of a Colony over {@code storage}; it does nothing until {@link #bind} gives it the registry. */
    public RunHub(StorageProvider storage, TimeSource time, RunSettings settings) {
        this.storage = storage;
        this.time = time;
        this.settings = settings;
        this.waiters = new RunWaiters(executor, this::startWatching);
        this.shells = new ShellRuns(storage, time, settings, executor, this::registry, this::startWatching, closed);
        this.pickup = new RunnerPickup(storage, settings, executor, this::registry, this::announce, closed);
        this.lastMaintenance = time.now();
    }

    /**
     * Gives the hub the registry as each actor sees it (for the transitions it makes on their behalf) and the way
     * to announce the sessions its agent runners act in, then sweeps the commands orphaned by a dead JVM and starts
     * looking for runs its runners should execute.
     */
    public void bind(Function<Actor, Runs> registry, Function<SessionStart, Actor> sessions) {
        this.services = registry;
        this.announce = sessions;
        if (shells.mayHaveOrphans()) {
            try {
                sweepOrphans();
            } catch (ColonyException e) {
                LOG.log(System.Logger.Level.WARNING, "could not sweep orphaned shell runs: {0}", e.getMessage());
            }
        }
        if (pickup.hasRunners()) {
            startWatching();
        }
    }

    /** The registry as {@code actor} sees it, once {@link #bind} gave it. */
    private Runs registry(Actor actor) {
        return services.apply(actor);
    }

    /** Announces the session {@code start} describes, once {@link #bind} gave the way. */
    private Actor announce(SessionStart start) {
        return announce.apply(start);
    }

    /** The settings. */
    public RunSettings settings() {
        return settings;
    }

    /** Whether this Colony executes shell runs: they are enabled, and it has a directory for their output. */
    public boolean executesShells() {
        return shells.executesShells();
    }

    /**
     * The output directory, created 0700 on first use and checked ({@link RunOutputFiles#prepare}).
     *
     * @throws ColonyException {@code UNAVAILABLE} naming {@code command} when it cannot be used (the message says
     *     which directory, and why)
     */
    RunOutputFiles files() {
        return shells.files();
    }

    // ---- waking -------------------------------------------------------------------------------------------

    /**
     * A future completed with the run once {@code done} holds for it; {@code current} is the run as just read.
     * Only reads at least as new as {@code current} count, so a poll that read the row before the caller's own
     * change cannot complete the wait. Cancelling the future removes the wait.
     */
    CompletableFuture<Run> when(Run current, Predicate<Run> done) {
        return waiters.when(current, done);
    }

    /**
     * Waits without holding a thread: once every one of {@code waits} completed, or {@code wait} passed, runs
     * {@code release} and then {@code then} on the hub's threads, and completes the returned future with what
     * {@code then} returns (or with the failure of a wait, {@code CLOSED} when the Colony closed). Cancelling the
     * returned future cancels the waits and runs {@code release} at once. {@code release} runs exactly once.
     */
    <T> CompletableFuture<T> settle(List<CompletableFuture<Run>> waits, Duration wait, Runnable release,
            Supplier<T> then) {
        return waiters.settle(waits, wait, release, then);
    }

    /** How many waits are registered, across every run (for diagnostics and tests). */
    public int waits() {
        return waiters.count();
    }

    /** A committed change of {@code run} made through this Colony: wakes its waiters now and the watcher. */
    void changed(Run run) {
        observe(run);
        poke();
    }

    /** Tells the parts what {@code run}, as just read or changed, now is. */
    private void observe(Run run) {
        waiters.observe(run);
        if (run.status().terminal()) {
            shells.ended(run.id());
            pickup.ended(run.id());
        } else if (run.status() == RunStatus.IN_PROGRESS && run.executor() == null) {
            if (!shells.startIfPending(run.id()) && run.kind() == RunKind.AGENT && pickup.runs(run.agent())
                    && !closed.get()) {
                pickup.hand(run);
            }
        }
    }

    /**
     * Hands the runs addressed to the runners here that nobody took, whoever spawned them, to their runners (the
     * hub does this every {@link #MAINTENANCE_EVERY} on the clock while it has runners).
     */
    public void pickUpForRunners() {
        pickup.pickUp();
    }

    private void poke() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    private void startWatching() {
        if (watcher == null && !closed.get()) {
            synchronized (wake) {
                if (watcher == null) {
                    Thread thread = new Thread(this::watch, "colony-run-watch");
                    thread.setDaemon(true);
                    watcher = thread;
                    thread.start();
                }
            }
        }
        poke();
    }

    private void watch() {
        while (!closed.get()) {
            Set<RunId> watched = new HashSet<>();
            waiters.addWatched(watched);
            shells.addWatched(watched);
            pickup.addWatched(watched);
            try {
                if (!watched.isEmpty()) {
                    for (StoredRun row : storage.read(tx -> tx.runs().findAll(watched))) {
                        observe(row.run());
                    }
                }
                if (!watched.isEmpty() || pickup.hasRunners()) {
                    maintain();
                }
            } catch (RuntimeException e) {
                if (!closed.get()) {
                    LOG.log(System.Logger.Level.WARNING, "watching runs failed, will retry: {0}", e.getMessage());
                }
            }
            synchronized (wake) {
                // Checked under the lock that poke() takes, so a wait registered meanwhile is never missed.
                boolean idle = waiters.idle() && shells.idle() && pickup.idle();
                try {
                    if (!idle) {
                        wake.wait(POLL.toMillis());
                    } else if (pickup.hasRunners()) {
                        wake.wait(MAINTENANCE_EVERY.toMillis());
                    } else {
                        wake.wait();
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Every {@link #MAINTENANCE_EVERY} on the clock: the stall watchdog, and timeouts of the runs started here. */
    private void maintain() {
        Instant now = time.now();
        if (Duration.between(lastMaintenance, now).compareTo(MAINTENANCE_EVERY) < 0) {
            return;
        }
        lastMaintenance = now;
        checkStalls();
        if (pickup.hasRunners()) {
            pickUpForRunners();
        }
        for (Actor actor : shells.actors()) {
            services.apply(actor).expire().forEach(this::observe);
        }
    }

    // ---- shell runs ---------------------------------------------------------------------------------------

    /**
     * A shell run {@code spawner} just spawned: started now when it is in progress, else when its slot is
     * granted.
     */
    void shellSpawned(Actor spawner, Run run) {
        shells.shellSpawned(spawner, run);
    }

    /**
     * The stall watchdog, once: a command in progress here whose output has not grown for {@link #STALL_AFTER}
     * on the clock is stalled, and its last output is checked for a prompt. Returns the stalled runs.
     */
    public List<RunId> checkStalls() {
        return shells.checkStalls();
    }

    /** A window of a shell run's output, with what the watchdog knows of it when it runs here. */
    RunOutput output(RunId id, long offset, int maxBytes) {
        return shells.output(id, offset, maxBytes);
    }

    /** Kills the shell runs started here for {@code session}, which has ended. */
    public void sessionEnded(SessionId session) {
        shells.sessionEnded(session);
    }

    /**
     * Kills the commands left running by a JVM that died without closing its Colony, and fails their runs (see
     * {@link ShellRuns#sweepOrphans}).
     *
     * @return the runs whose commands were orphaned
     */
    public List<RunId> sweepOrphans() {
        return shells.sweepOrphans();
    }

    /**
     * Finishes or fails a run unless it ended already (killed or timed out first: that stands). The outcome's
     * texts come from a process or a runner, not a caller: what the text rule refuses is replaced, not refused.
     * A failure other than the run having ended is logged unless the hub is {@code closed}.
     */
    static void endQuietly(AtomicBoolean closed, Runs runs, RunId id, RunOutcome given, boolean finished) {
        RunOutcome outcome = new RunOutcome(TextRule.replaceRefused(given.result()),
                TextRule.replaceRefused(given.error()), given.promptTokens(), given.completionTokens(), given.exitCode());
        try {
            if (finished) {
                runs.finish(id, outcome);
            } else {
                runs.fail(id, outcome);
            }
        } catch (ColonyException e) {
            if (e.code() != ErrorCode.RUN_ALREADY_TERMINAL && !closed.get()) {
                LOG.log(System.Logger.Level.WARNING, "recording the end of run " + id + " failed: " + e.getMessage());
            }
        }
    }

    /**
     * Kills the shell runs still running here (each run is recorded {@code killed} first), stops the watcher and
     * fails the pending waits with {@code CLOSED}.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        shells.killAll();
        Thread thread = watcher;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        pickup.cancelAll();
        ColonyException closing = new ColonyException(ErrorCode.CLOSED, "this Colony has been closed");
        waiters.failAll(closing);
        executor.shutdown();
        try {
            executor.awaitTermination(ShellProcess.KILL_GRACE.toSeconds() + 3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        shells.removeShutdownHook();
    }
}
