package dev.colony.core.run;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.TextRule;
import dev.colony.api.UserId;
import dev.colony.api.run.AgentRunner;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.session.AgentTypes;
import dev.colony.core.time.TimeSource;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
 */
public final class RunHub implements AutoCloseable {

    /** How often the watched runs are read while anything is watched. */
    static final Duration POLL = Duration.ofMillis(20);
    /** How often, on the Colony's clock, the watchdog looks at output sizes and timeouts are enforced. */
    static final Duration MAINTENANCE_EVERY = Duration.ofSeconds(5);
    /** How long a command may write nothing before it counts as stalled. */
    public static final Duration STALL_AFTER = Duration.ofSeconds(45);
    /** Runs in progress a runner pickup reads at most. */
    private static final int PICKUP_SCAN = 1_000;
    /** The most characters of output kept as a finished shell run's result. */
    static final int RESULT_TAIL_BYTES = 2_000;
    /** How long, after a command exited, its output may take to be copied before the run ends without the rest. */
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(5);
    private static final int PROMPT_TAIL_BYTES = 1_024;
    private static final Pattern PROMPT = Pattern.compile(
            "(?is).*(\\?|:|>|\\[y/n]|\\(y/n\\)|\\(yes/no\\)|password|passphrase|continue)\\s*$");
    private static final System.Logger LOG = System.getLogger(RunHub.class.getName());

    private final StorageProvider storage;
    private final TimeSource time;
    private final RunSettings settings;
    /** Where shell output goes, or {@code null} when this Colony executes no shell runs. */
    private final Path outputDirectory;
    /** That directory, prepared on first use. */
    private volatile RunOutputFiles files;
    /** Whether and how shell runs execute. */
    private final ShellSettings shellSettings;
    private final Map<RunId, List<Waiter>> waiters = new ConcurrentHashMap<>();
    private final Map<RunId, LocalShell> shells = new ConcurrentHashMap<>();
    private final Map<RunId, Actor> pendingShells = new ConcurrentHashMap<>();
    /** The in-process agents, by agent type. */
    private final Map<String, AgentRunner> runners;
    /** The agent runs handed to a runner here, and the work that executes them. */
    private final Map<RunId, Future<?>> agentRuns = new ConcurrentHashMap<>();
    /** The sessions the runners act in, by user and agent type. */
    private final Map<String, Actor> runnerSessions = new ConcurrentHashMap<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "colony-run-exec");
        thread.setDaemon(true);
        return thread;
    });
    private final Object wake = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Function<Actor, Runs> services;
    private volatile Function<SessionStart, Actor> announce;
    private volatile Thread watcher;
    private volatile Thread shutdownHook;
    private volatile Instant lastMaintenance;

    /** The hub of a Colony over {@code storage}; it does nothing until {@link #bind} gives it the registry. */
    public RunHub(StorageProvider storage, TimeSource time, RunSettings settings) {
        this.storage = storage;
        this.time = time;
        this.settings = settings;
        this.outputDirectory = settings.outputDirectory();
        this.shellSettings = settings.shell();
        this.runners = settings.agentRunners().entrySet().stream().collect(Collectors.toUnmodifiableMap(
                entry -> AgentTypes.of(entry.getKey()), Map.Entry::getValue, (first, second) -> first));
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
        if (executesShells() && Files.isDirectory(outputDirectory, LinkOption.NOFOLLOW_LINKS)) {
            try {
                sweepOrphans();
            } catch (ColonyException e) {
                LOG.log(System.Logger.Level.WARNING, "could not sweep orphaned shell runs: {0}", e.getMessage());
            }
        }
        if (!runners.isEmpty()) {
            startWatching();
        }
    }

    /** The settings. */
    public RunSettings settings() {
        return settings;
    }

    /** Whether this Colony executes shell runs: they are enabled, and it has a directory for their output. */
    public boolean executesShells() {
        return shellSettings.enabled() && outputDirectory != null;
    }

    /**
     * The output directory, created 0700 on first use and checked ({@link RunOutputFiles#prepare}).
     *
     * @throws ColonyException {@code UNAVAILABLE} naming {@code command} when it cannot be used (the message says
     *     which directory, and why)
     */
    RunOutputFiles files() {
        RunOutputFiles prepared = files;
        if (prepared == null) {
            synchronized (this) {
                if (files == null) {
                    try {
                        files = RunOutputFiles.prepare(outputDirectory);
                    } catch (ColonyException e) {
                        throw ColonyException.about(ErrorCode.UNAVAILABLE, "command", e.getMessage());
                    }
                }
                prepared = files;
            }
        }
        return prepared;
    }

    // ---- waking -------------------------------------------------------------------------------------------

    /**
     * A future completed with the run once {@code done} holds for it; {@code current} is the run as just read.
     * Only reads at least as new as {@code current} count, so a poll that read the row before the caller's own
     * change cannot complete the wait. Cancelling the future removes the wait.
     */
    CompletableFuture<Run> when(Run current, Predicate<Run> done) {
        if (done.test(current)) {
            return CompletableFuture.completedFuture(current);
        }
        Waiter waiter = new Waiter(current.version(), done, new CompletableFuture<>());
        waiters.computeIfAbsent(current.id(), id -> new CopyOnWriteArrayList<>()).add(waiter);
        waiter.future.whenComplete((run, failure) -> forget(current.id(), waiter));
        startWatching();
        return waiter.future;
    }

    /**
     * Waits without holding a thread: once every one of {@code waits} completed, or {@code wait} passed, runs
     * {@code release} and then {@code then} on the hub's threads, and completes the returned future with what
     * {@code then} returns (or with the failure of a wait, {@code CLOSED} when the Colony closed). Cancelling the
     * returned future cancels the waits and runs {@code release} at once. {@code release} runs exactly once.
     */
    <T> CompletableFuture<T> settle(List<CompletableFuture<Run>> waits, Duration wait, Runnable release,
            Supplier<T> then) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        AtomicBoolean released = new AtomicBoolean();
        Runnable releaseOnce = () -> {
            waits.forEach(future -> future.cancel(false));
            if (released.compareAndSet(false, true)) {
                release.run();
            }
        };
        CompletableFuture<Void> woken = CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new));
        if (wait.isZero()) {
            woken.complete(null);
        } else {
            woken.completeOnTimeout(null, wait.toMillis(), TimeUnit.MILLISECONDS);
        }
        woken.whenCompleteAsync((ignored, failure) -> {
            if (answer.isDone()) {
                return;
            }
            try {
                releaseOnce.run();
                if (failure != null) {
                    answer.completeExceptionally(failure.getCause() instanceof ColonyException colony ? colony
                            : failure);
                } else {
                    answer.complete(then.get());
                }
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }, this::complete);
        answer.whenComplete((value, failure) -> {
            if (answer.isCancelled()) {
                waits.forEach(future -> future.cancel(false));
                complete(releaseOnce);
            }
        });
        return answer;
    }

    /** Runs the end of a wait on the hub's threads, or here once the hub no longer takes work. */
    private void complete(Runnable work) {
        try {
            executor.execute(work);
        } catch (RejectedExecutionException e) {
            work.run();
        }
    }

    /** How many waits are registered, across every run (for diagnostics and tests). */
    public int waits() {
        return waiters.values().stream().mapToInt(List::size).sum();
    }

    private void forget(RunId id, Waiter waiter) {
        waiters.computeIfPresent(id, (key, list) -> {
            list.remove(waiter);
            return list.isEmpty() ? null : list;
        });
    }

    /** A committed change of {@code run} made through this Colony: wakes its waiters now and the watcher. */
    void changed(Run run) {
        observe(run);
        poke();
    }

    private void observe(Run run) {
        List<Waiter> waiting = waiters.get(run.id());
        if (waiting != null) {
            for (Waiter waiter : waiting) {
                if (run.version() >= waiter.since && waiter.done.test(run)) {
                    waiter.future.complete(run);
                }
            }
        }
        LocalShell shell = shells.get(run.id());
        if (shell != null && run.status().terminal() && shell.killing.compareAndSet(false, true)) {
            executor.execute(shell.process::kill);
        }
        if (run.status().terminal()) {
            pendingShells.remove(run.id());
            Future<?> working = agentRuns.remove(run.id());
            if (working != null) {
                working.cancel(true);
            }
        } else if (run.status() == RunStatus.IN_PROGRESS && run.executor() == null) {
            Actor spawner = pendingShells.remove(run.id());
            if (spawner != null) {
                executor.execute(() -> start(spawner, run.id()));
            } else if (run.kind() == RunKind.AGENT && runners.containsKey(run.agent()) && !closed.get()) {
                hand(run);
            }
        }
    }

    // ---- agent runs executed here -------------------------------------------------------------------------

    /** Hands an untaken agent run to its runner here, once. */
    private void hand(Run run) {
        CompletableFuture<Void> slot = new CompletableFuture<>();
        if (agentRuns.putIfAbsent(run.id(), slot) != null) {
            return;
        }
        try {
            agentRuns.replace(run.id(), slot, executor.submit(() -> execute(run)));
        } catch (RejectedExecutionException e) {
            agentRuns.remove(run.id());
        }
    }

    /** Takes the run in the runner's session, runs it and records the outcome, unless it ended meanwhile. */
    private void execute(Run handed) {
        try {
            Actor worker = worker(handed);
            if (worker == null) {
                return;
            }
            Runs runs = services.apply(worker);
            Run run;
            try {
                run = runs.take(handed.id());
            } catch (ColonyException e) {
                return;
            }
            RunOutcome outcome;
            try {
                outcome = runners.get(handed.agent()).run(run, runs);
                if (outcome == null) {
                    outcome = RunOutcome.failed("the agent runner returned no outcome");
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                outcome = RunOutcome.failed("the agent runner failed: " + e);
            }
            agentRuns.remove(handed.id());
            endQuietly(runs, run.id(), outcome, outcome.error() == null);
        } finally {
            agentRuns.remove(handed.id());
        }
    }

    /** The session of the run's agent for the spawner's user, announced once per Colony. */
    private Actor worker(Run run) {
        Optional<Session> spawner = storage.read(tx -> tx.sessions().find(run.spawnedBy()));
        if (spawner.isEmpty()) {
            return null;
        }
        UserId user = spawner.get().user();
        return runnerSessions.computeIfAbsent(user.value() + "\n" + run.agent(), key -> announce.apply(
                SessionStart.of(user.value(), run.agent())));
    }

    /**
     * Hands the runs addressed to the runners here that nobody took, whoever spawned them, to their runners (the
     * hub does this every {@link #MAINTENANCE_EVERY} on the clock while it has runners).
     */
    public void pickUpForRunners() {
        for (StoredRun row : storage.read(tx -> tx.runs().inProgress(PICKUP_SCAN))) {
            Run run = row.run();
            if (run.executor() == null && run.kind() == RunKind.AGENT && runners.containsKey(run.agent())) {
                hand(run);
            }
        }
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
            Set<RunId> watched = new HashSet<>(waiters.keySet());
            watched.addAll(shells.keySet());
            watched.addAll(pendingShells.keySet());
            watched.addAll(agentRuns.keySet());
            try {
                if (!watched.isEmpty()) {
                    for (StoredRun row : storage.read(tx -> tx.runs().findAll(watched))) {
                        observe(row.run());
                    }
                }
                if (!watched.isEmpty() || !runners.isEmpty()) {
                    maintain();
                }
            } catch (RuntimeException e) {
                if (!closed.get()) {
                    LOG.log(System.Logger.Level.WARNING, "watching runs failed, will retry: {0}", e.getMessage());
                }
            }
            synchronized (wake) {
                // Checked under the lock that poke() takes, so a wait registered meanwhile is never missed.
                boolean idle = waiters.isEmpty() && shells.isEmpty() && pendingShells.isEmpty()
                        && agentRuns.isEmpty();
                try {
                    if (!idle) {
                        wake.wait(POLL.toMillis());
                    } else if (!runners.isEmpty()) {
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
        if (!runners.isEmpty()) {
            pickUpForRunners();
        }
        Set<Actor> actors = new HashSet<>(pendingShells.values());
        shells.values().forEach(shell -> actors.add(shell.actor));
        for (Actor actor : actors) {
            services.apply(actor).expire().forEach(this::observe);
        }
    }

    // ---- shell runs ---------------------------------------------------------------------------------------

    /**
     * A shell run {@code spawner} just spawned: started now when it is in progress, else when its slot is
     * granted.
     */
    void shellSpawned(Actor spawner, Run run) {
        if (run.status() == RunStatus.IN_PROGRESS) {
            start(spawner, run.id());
        } else {
            pendingShells.put(run.id(), spawner);
            startWatching();
        }
    }

    /** Takes the run for its spawner's session and starts its command; a failure to start fails the run. */
    private void start(Actor spawner, RunId id) {
        Runs runs = services.apply(spawner);
        Run run;
        try {
            run = runs.take(id);
        } catch (ColonyException e) {
            return;
        }
        try {
            CappedOutput output = CappedOutput.create(files(), id, shellSettings.outputCap());
            ShellProcess process = ShellProcess.start(ShellCommand.words(run.command(), shellSettings),
                    run.cwd() == null ? null : Path.of(run.cwd()), ShellCommand.environment(shellSettings,
                            System.getenv()));
            try {
                executor.execute(() -> output.copy(process.output()));
            } catch (RejectedExecutionException closing) {
                process.kill();
                throw closing;
            }
            LocalShell local = new LocalShell(id, spawner, process, output, time.now());
            shells.put(id, local);
            writePidFile(id, process);
            registerShutdownHook();
            startWatching();
            process.exit().thenAcceptAsync(code -> exited(local, code), executor);
        } catch (IOException | RuntimeException e) {
            endQuietly(runs, id, new RunOutcome(null, "could not start the command: " + e.getMessage(), null, null,
                    null), false);
        }
    }

    private void exited(LocalShell local, int code) {
        local.process.killLeftovers();
        try {
            local.output.drained().get(DRAIN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // Something the command left outside its group holds the pipe: the run ends with what was copied.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        shells.remove(local.id);
        deletePidFile(local.id);
        RunOutputFiles.Window tail = files().read(local.id, -1, RESULT_TAIL_BYTES);
        String text = printable(tail.text());
        String capped = tail.dropped() == 0 ? "" : "[output capped at " + shellSettings.outputCap()
                + " bytes: the first " + tail.dropped() + " of " + tail.size() + " were dropped]";
        Runs runs = services.apply(local.actor);
        if (code == 0) {
            String result = text.isBlank() ? null : capped.isEmpty() ? text : capped + "\n" + text;
            endQuietly(runs, local.id, new RunOutcome(result, null, null, null, 0), true);
        } else {
            String last = text.strip();
            String error = "exit code " + code + (capped.isEmpty() ? "" : "; " + capped) + (last.isEmpty() ? ""
                    : "; output ends: " + last.substring(Math.max(0, last.length() - 500)));
            endQuietly(runs, local.id, new RunOutcome(null, error, null, null, code), false);
        }
    }

    /** {@code text} with its control characters but tabs and line breaks shown as U+FFFD, fit for a result. */
    private static String printable(String text) {
        StringBuilder shown = new StringBuilder(text.length());
        text.chars().forEach(c -> shown.append((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f
                ? '\uFFFD' : (char) c));
        return shown.toString();
    }

    /**
     * Finishes or fails a run unless it ended already (killed or timed out first: that stands). The outcome's
     * texts come from a process or a runner, not a caller: what the text rule refuses is replaced, not refused.
     */
    private void endQuietly(Runs runs, RunId id, RunOutcome given, boolean finished) {
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
     * The stall watchdog, once: a command in progress here whose output has not grown for {@link #STALL_AFTER}
     * on the clock is stalled, and its last output is checked for a prompt. Returns the stalled runs.
     */
    public List<RunId> checkStalls() {
        Instant now = time.now();
        List<RunId> stalled = new ArrayList<>();
        for (LocalShell shell : shells.values()) {
            long size = shell.output.written();
            if (size != shell.lastSize) {
                shell.lastSize = size;
                shell.lastGrowth = now;
                shell.stalled = false;
                shell.promptLike = false;
            } else if (Duration.between(shell.lastGrowth, now).compareTo(STALL_AFTER) >= 0) {
                shell.stalled = true;
                shell.promptLike = PROMPT.matcher(files().read(shell.id, -1, PROMPT_TAIL_BYTES).text()).matches();
                stalled.add(shell.id);
            }
        }
        return stalled;
    }

    /** A window of a shell run's output, with what the watchdog knows of it when it runs here. */
    RunOutput output(RunId id, long offset, int maxBytes) {
        if (outputDirectory == null) {
            return new RunOutput("", 0, 0, 0, false, false, 0);
        }
        RunOutputFiles.Window window = files().read(id, offset, maxBytes);
        LocalShell shell = shells.get(id);
        return new RunOutput(window.text(), window.offset(), window.end(), window.size(),
                shell != null && shell.stalled, shell != null && shell.promptLike, window.dropped());
    }

    /** Kills the shell runs started here for {@code session}, which has ended. */
    public void sessionEnded(SessionId session) {
        for (LocalShell shell : List.copyOf(shells.values())) {
            if (shell.actor.session().equals(session)) {
                killRun(shell);
            }
        }
    }

    /** Records the run killed, then kills its command here, on this thread. */
    private void killRun(LocalShell shell) {
        boolean mine = shell.killing.compareAndSet(false, true);
        try {
            services.apply(shell.actor).kill(shell.id);
        } catch (ColonyException e) {
            // Already ended, or the store is gone: the process is killed below either way.
        }
        if (mine) {
            shell.process.kill();
            shells.remove(shell.id);
            deletePidFile(shell.id);
        }
    }

    // ---- orphans ------------------------------------------------------------------------------------------

    private void writePidFile(RunId id, ShellProcess process) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        String line = process.pid() + " " + startMillis(process.startedAt()) + " " + self.pid() + " "
                + startMillis(self.info().startInstant()) + "\n";
        Files.writeString(files().pidFile(id), line, StandardCharsets.US_ASCII);
    }

    private void deletePidFile(RunId id) {
        try {
            Files.deleteIfExists(files().pidFile(id));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not delete the pid file of run " + id + ": " + e.getMessage());
        }
    }

    /**
     * Kills the commands left running by a JVM that died without closing its Colony, and fails their runs. A pid
     * file names the command's process and the JVM that started it, each with its start time: a file whose JVM
     * may still run (its pid lives, with that start time or an unknown one) is left alone, and a command's group is
     * signalled only when its process lives with exactly the recorded start time, never on an unknown (0) one: a
     * pid now used by another process is not signalled. Only a trusted directory is swept
     * ({@link RunOutputFiles#prepare}).
     *
     * @return the runs whose commands were orphaned
     */
    public List<RunId> sweepOrphans() {
        List<RunId> swept = new ArrayList<>();
        for (Path pidFile : files().pidFiles()) {
            try {
                String[] fields = Files.readString(pidFile, StandardCharsets.US_ASCII).trim().split(" ");
                long pid = Long.parseLong(fields[0]);
                long owner = Long.parseLong(fields[2]);
                if (mayBeRunning(owner, Long.parseLong(fields[3]))) {
                    continue;
                }
                long started = Long.parseLong(fields[1]);
                if (sameProcess(pid, started)) {
                    ShellProcess.killGroup(pid);
                } else if (started == 0 && mayBeRunning(pid, 0)) {
                    LOG.log(System.Logger.Level.WARNING, "not killing process " + pid + " of " + pidFile + ": its "
                            + "start time is not known, so it may be another process");
                }
                RunId id = RunOutputFiles.runOf(pidFile);
                Files.deleteIfExists(pidFile);
                swept.add(id);
                failOrphan(id);
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "could not sweep " + pidFile + ": " + e.getMessage());
            }
        }
        return swept;
    }

    private void failOrphan(RunId id) {
        Optional<Actor> spawner = storage.read(tx -> tx.runs().find(id).filter(row -> !row.run().status().terminal())
                .flatMap(row -> tx.sessions().find(row.run().spawnedBy()))
                .map((Session session) -> new Actor(session.user(), session.agent(), session.id())));
        spawner.ifPresent(actor -> endQuietly(services.apply(actor), id, RunOutcome.failed(
                "orphaned: the process that ran its command ended without closing the Colony"), false));
    }

    /**
     * Whether process {@code pid} runs and may be the one that started at {@code startMillis}: its start time
     * matches, or one of the two is unknown (0). Only a known, matching start time makes it the same process.
     */
    private static boolean mayBeRunning(long pid, long startMillis) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(handle -> {
            long actual = handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
            return startMillis == 0 || actual == 0 || actual == startMillis;
        }).isPresent();
    }

    /** Whether process {@code pid} runs and started at {@code startMillis}, both start times known. */
    private static boolean sameProcess(long pid, long startMillis) {
        return startMillis != 0 && ProcessHandle.of(pid).filter(ProcessHandle::isAlive).flatMap(handle -> handle
                .info().startInstant()).map(Instant::toEpochMilli).filter(actual -> actual == startMillis).isPresent();
    }

    private static long startMillis(Optional<Instant> start) {
        return start.map(Instant::toEpochMilli).orElse(0L);
    }

    private void registerShutdownHook() {
        if (shutdownHook == null) {
            synchronized (wake) {
                if (shutdownHook == null) {
                    Thread hook = new Thread(() -> shells.values().forEach(shell -> shell.process.kill()),
                            "colony-run-shutdown");
                    Runtime.getRuntime().addShutdownHook(hook);
                    shutdownHook = hook;
                }
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
        for (LocalShell shell : List.copyOf(shells.values())) {
            killRun(shell);
        }
        Thread thread = watcher;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        agentRuns.values().forEach(working -> working.cancel(true));
        ColonyException closing = new ColonyException(ErrorCode.CLOSED, "this Colony has been closed");
        waiters.values().forEach(list -> list.forEach(waiter -> waiter.future.completeExceptionally(closing)));
        executor.shutdown();
        try {
            executor.awaitTermination(ShellProcess.KILL_GRACE.toSeconds() + 3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Thread hook = shutdownHook;
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs anyway.
            }
        }
    }

    /** A wait for a run, read at version {@code since} or later, to reach a state. */
    private record Waiter(long since, Predicate<Run> done, CompletableFuture<Run> future) {
    }

    /** A command running here, and what the watchdog knows of it. */
    private static final class LocalShell {
        final RunId id;
        final Actor actor;
        final ShellProcess process;
        final CappedOutput output;
        final AtomicBoolean killing = new AtomicBoolean();
        volatile long lastSize;
        volatile Instant lastGrowth;
        volatile boolean stalled;
        volatile boolean promptLike;

        LocalShell(RunId id, Actor actor, ShellProcess process, CappedOutput output, Instant startedAt) {
            this.id = id;
            this.actor = actor;
            this.process = process;
            this.output = output;
            this.lastGrowth = startedAt;
        }
    }
}
