package dev.colony.core.internal.run;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.run.ShellSettings;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The shell executor of one {@link RunHub}: starts the shell runs spawned through this Colony when their slot is
 * granted, with a minimal environment and their output capped ({@link ShellCommand}, {@link CappedOutput}), ends
 * each run when its command exits, kills the command of a run that ended otherwise, runs the stall watchdog, and
 * keeps a pid file per live command so that a later Colony kills the commands whose JVM died
 * ({@link ShellPidFiles}).
 *
 * <p>The hub tells it what it observes of the runs; it holds no thread of its own and runs on the hub's threads.
 */
final class ShellRuns {

    /** The most characters of output kept as a finished shell run's result. */
    static final int RESULT_TAIL_BYTES = 2_000;
    /** How long, after a command exited, its output may take to be copied before the run ends without the rest. */
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(5);
    private static final int PROMPT_TAIL_BYTES = 1_024;
    private static final Pattern PROMPT = Pattern.compile(
            "(?is).*(\\?|:|>|\\[y/n]|\\(y/n\\)|\\(yes/no\\)|password|passphrase|continue)\\s*$");
    /** Logs under the hub's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(RunHub.class.getName());

    private final TimeSource time;
    /** Where shell output goes, or {@code null} when this Colony executes no shell runs. */
    private final Path outputDirectory;
    /** That directory, prepared on first use. */
    private volatile RunOutputFiles files;
    /** Whether and how shell runs execute. */
    private final ShellSettings shellSettings;
    private final Map<RunId, LocalShell> shells = new ConcurrentHashMap<>();
    private final Map<RunId, Actor> pendingShells = new ConcurrentHashMap<>();
    private final ExecutorService executor;
    /** The registry as each actor sees it, for the transitions made on their behalf. */
    private final Function<Actor, Runs> registry;
    /** Makes sure the hub's watcher runs, and wakes it. */
    private final Runnable startWatching;
    /** Whether the hub is closed. */
    private final AtomicBoolean closed;
    /** The pid files of the commands running here, and the sweep of those whose JVM died. */
    private final ShellPidFiles pidFiles;
    private final Object hookLock = new Object();
    private volatile Thread shutdownHook;

    ShellRuns(StorageProvider storage, TimeSource time, RunSettings settings, ExecutorService executor,
            Function<Actor, Runs> registry, Runnable startWatching, AtomicBoolean closed) {
        this.time = time;
        this.outputDirectory = settings.outputDirectory();
        this.shellSettings = settings.shell();
        this.executor = executor;
        this.registry = registry;
        this.startWatching = startWatching;
        this.closed = closed;
        this.pidFiles = new ShellPidFiles(storage, this::files, registry, closed);
    }

    /** Whether this Colony executes shell runs: they are enabled, and it has a directory for their output. */
    boolean executesShells() {
        return shellSettings.enabled() && outputDirectory != null;
    }

    /** Whether this Colony executes shell runs and their output directory exists already (there may be orphans). */
    boolean mayHaveOrphans() {
        return executesShells() && Files.isDirectory(outputDirectory, LinkOption.NOFOLLOW_LINKS);
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

    /**
     * A shell run {@code spawner} just spawned: started now when it is in progress, else when its slot is
     * granted.
     */
    void shellSpawned(Actor spawner, Run run) {
        if (run.status() == RunStatus.IN_PROGRESS) {
            start(spawner, run.id());
        } else {
            pendingShells.put(run.id(), spawner);
            startWatching.run();
        }
    }

    /** Takes the run for its spawner's session and starts its command; a failure to start fails the run. */
    private void start(Actor spawner, RunId id) {
        Runs runs = registry.apply(spawner);
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
            pidFiles.write(id, process);
            registerShutdownHook();
            startWatching.run();
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
        pidFiles.delete(local.id);
        RunOutputFiles.Window tail = files().read(local.id, -1, RESULT_TAIL_BYTES);
        String text = printable(tail.text());
        String capped = tail.dropped() == 0 ? "" : "[output capped at " + shellSettings.outputCap()
                + " bytes: the first " + tail.dropped() + " of " + tail.size() + " were dropped]";
        Runs runs = registry.apply(local.actor);
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

    /** Records the end of a run as {@link RunHub#endQuietly} does. */
    private void endQuietly(Runs runs, RunId id, RunOutcome given, boolean finished) {
        RunHub.endQuietly(closed, runs, id, given, finished);
    }

    /** {@code text} with its control characters but tabs and line breaks shown as U+FFFD, fit for a result. */
    private static String printable(String text) {
        StringBuilder shown = new StringBuilder(text.length());
        text.chars().forEach(c -> shown.append((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f
                ? '\uFFFD' : (char) c));
        return shown.toString();
    }

    /**
     * The stall watchdog, once: a command in progress here whose output has not grown for
     * {@link RunHub#STALL_AFTER} on the clock is stalled, and its last output is checked for a prompt. Returns the
     * stalled runs.
     */
    List<RunId> checkStalls() {
        Instant now = time.now();
        List<RunId> stalled = new ArrayList<>();
        for (LocalShell shell : shells.values()) {
            long size = shell.output.written();
            if (size != shell.lastSize) {
                shell.lastSize = size;
                shell.lastGrowth = now;
                shell.stalled = false;
                shell.promptLike = false;
            } else if (Duration.between(shell.lastGrowth, now).compareTo(RunHub.STALL_AFTER) >= 0) {
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
    void sessionEnded(SessionId session) {
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
            registry.apply(shell.actor).kill(shell.id);
        } catch (ColonyException e) {
            // Already ended, or the store is gone: the process is killed below either way.
        }
        if (mine) {
            shell.process.kill();
            shells.remove(shell.id);
            pidFiles.delete(shell.id);
        }
    }

    /**
     * {@code run} as just observed has ended: kills its command if it still runs here, and forgets it if its
     * slot was still awaited.
     */
    void ended(RunId run) {
        LocalShell shell = shells.get(run);
        if (shell != null && shell.killing.compareAndSet(false, true)) {
            executor.execute(shell.process::kill);
        }
        pendingShells.remove(run);
    }

    /** Starts {@code run}, now in progress and untaken, if it is a shell run spawned here; whether it was. */
    boolean startIfPending(RunId run) {
        Actor spawner = pendingShells.remove(run);
        if (spawner != null) {
            executor.execute(() -> start(spawner, run));
            return true;
        }
        return false;
    }

    /** Adds the shell runs started or awaiting their slot here to {@code watched}. */
    void addWatched(Set<RunId> watched) {
        watched.addAll(shells.keySet());
        watched.addAll(pendingShells.keySet());
    }

    /** Whether no shell run runs or awaits its slot here. */
    boolean idle() {
        return shells.isEmpty() && pendingShells.isEmpty();
    }

    /** The actors whose shell runs run or await their slot here (their timeouts are enforced here). */
    Set<Actor> actors() {
        Set<Actor> actors = new HashSet<>(pendingShells.values());
        shells.values().forEach(shell -> actors.add(shell.actor));
        return actors;
    }

    /**
     * Kills the commands left running by a JVM that died without closing its Colony, and fails their runs (see
     * {@link ShellPidFiles#sweepOrphans}).
     *
     * @return the runs whose commands were orphaned
     */
    List<RunId> sweepOrphans() {
        return pidFiles.sweepOrphans();
    }

    /** Kills the shell runs still running here, each recorded {@code killed} first, for closing. */
    void killAll() {
        for (LocalShell shell : List.copyOf(shells.values())) {
            killRun(shell);
        }
    }

    private void registerShutdownHook() {
        if (shutdownHook == null) {
            synchronized (hookLock) {
                if (shutdownHook == null) {
                    Thread hook = new Thread(() -> shells.values().forEach(shell -> shell.process.kill()),
                            "colony-run-shutdown");
                    Runtime.getRuntime().addShutdownHook(hook);
                    shutdownHook = hook;
                }
            }
        }
    }

    /** Removes the shutdown hook that kills the commands, if one was registered, for closing. */
    void removeShutdownHook() {
        Thread hook = shutdownHook;
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs anyway.
            }
        }
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
