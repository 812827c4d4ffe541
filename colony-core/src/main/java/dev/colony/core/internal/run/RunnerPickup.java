package dev.colony.core.internal.run;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.UserId;
import dev.colony.api.run.AgentRunner;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.Runs;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.spi.storage.StorageProvider;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The runner pickup of one {@link RunHub}: hands the agent runs addressed to an {@link AgentRunner} registered here
 * to that runner, which takes each in a session of its agent (announced once per user) and runs it on the hub's
 * threads, records the outcome, and is interrupted when the run ends otherwise (a kill from any process).
 */
final class RunnerPickup {

    /** Runs in progress a runner pickup reads at most. */
    private static final int PICKUP_SCAN = 1_000;

    private final StorageProvider storage;
    /** The in-process agents, by agent type. */
    private final Map<String, AgentRunner> runners;
    /** The agent runs handed to a runner here, and the work that executes them. */
    private final Map<RunId, Future<?>> agentRuns = new ConcurrentHashMap<>();
    /** The sessions the runners act in, by user and agent type. */
    private final Map<String, Actor> runnerSessions = new ConcurrentHashMap<>();
    private final ExecutorService executor;
    /** The registry as each actor sees it, for the transitions made on their behalf. */
    private final Function<Actor, Runs> registry;
    /** Announces the session a runner acts in. */
    private final Function<SessionStart, Actor> sessions;
    /** Whether the hub is closed. */
    private final AtomicBoolean closed;

    RunnerPickup(StorageProvider storage, RunSettings settings, ExecutorService executor,
            Function<Actor, Runs> registry, Function<SessionStart, Actor> sessions, AtomicBoolean closed) {
        this.storage = storage;
        this.runners = settings.agentRunners().entrySet().stream().collect(Collectors.toUnmodifiableMap(
                entry -> AgentTypes.of(entry.getKey()), Map.Entry::getValue, (first, second) -> first));
        this.executor = executor;
        this.registry = registry;
        this.sessions = sessions;
        this.closed = closed;
    }

    /** Whether any agent runner is registered here. */
    boolean hasRunners() {
        return !runners.isEmpty();
    }

    /** Whether an agent runner for agent type {@code agent} is registered here. */
    boolean runs(String agent) {
        return runners.containsKey(agent);
    }

    /** Hands an untaken agent run to its runner here, once. */
    void hand(Run run) {
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
            Runs runs = registry.apply(worker);
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
        return runnerSessions.computeIfAbsent(user.value() + "\n" + run.agent(), key -> sessions.apply(
                SessionStart.of(user.value(), run.agent())));
    }

    /**
     * Hands the runs addressed to the runners here that nobody took, whoever spawned them, to their runners (the
     * hub does this every {@link RunHub#MAINTENANCE_EVERY} on the clock while it has runners).
     */
    void pickUp() {
        for (StoredRun row : storage.read(tx -> tx.runs().inProgress(PICKUP_SCAN))) {
            Run run = row.run();
            if (run.executor() == null && run.kind() == RunKind.AGENT && runners.containsKey(run.agent())) {
                hand(run);
            }
        }
    }

    /** {@code run} as just observed has ended: interrupts its runner if it runs here. */
    void ended(RunId run) {
        Future<?> working = agentRuns.remove(run);
        if (working != null) {
            working.cancel(true);
        }
    }

    /** Adds the agent runs handed to a runner here to {@code watched}. */
    void addWatched(Set<RunId> watched) {
        watched.addAll(agentRuns.keySet());
    }

    /** Whether no agent run is handed to a runner here. */
    boolean idle() {
        return agentRuns.isEmpty();
    }

    /** Interrupts every runner at work here, for closing. */
    void cancelAll() {
        agentRuns.values().forEach(working -> working.cancel(true));
    }

    /** Records the end of a run as {@link RunHub#endQuietly} does. */
    private void endQuietly(Runs runs, RunId id, RunOutcome given, boolean finished) {
        RunHub.endQuietly(closed, runs, id, given, finished);
    }
}
