package dev.colony.core.internal.run;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunOutput;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.AgentTypes;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.RunRecords.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * {@link Runs} for one caller. Every change is one write transaction, and write transactions of a store are
 * serialized (SQLite's single writer, PostgreSQL's write gate), so counting the runs in progress and promoting
 * queued ones into free slots happens atomically with the change that frees them, across processes.
 */
public final class RunService implements Runs {

    /** Runs an expiry sweep reads at most. */
    private static final int EXPIRY_SCAN = 1_000;
    private static final int MAX_AGENT_CHARS = 100;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final RunHub hub;
    private final int maxConcurrent;

    /** The registry as {@code actor} sees it, with the Colony's settings. */
    public RunService(Actor actor, Kernel kernel, RunHub hub) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.hub = Objects.requireNonNull(hub, "hub");
        this.maxConcurrent = hub.settings().maxConcurrent();
    }

    @Override
    public int maxConcurrent() {
        return maxConcurrent;
    }

    @Override
    public Run spawn(RunSpec spec) {
        Run run = record(spec, true);
        hub.changed(run);
        if (run.kind() == RunKind.SHELL) {
            hub.shellSpawned(actor, run);
        }
        return run;
    }

    @Override
    public Run create(RunSpec spec) {
        if (spec != null && spec.kind() == RunKind.SHELL) {
            throw ColonyException.invalid("kind", "a shell run is executed by the library as soon as a slot is "
                    + "free; spawn it instead");
        }
        Run run = record(spec, false);
        hub.changed(run);
        return run;
    }

    private Run record(RunSpec spec, boolean dispatch) {
        Check.required("spec", spec);
        RunKind kind = Check.required("kind", spec.kind());
        boolean shell = kind == RunKind.SHELL;
        String agent = shell ? null : AgentTypes.of(Check.text("agent", spec.agent(), MAX_AGENT_CHARS));
        String message = shell ? Check.optionalBody("message", spec.message(), MAX_TEXT_CHARS)
                : Check.body("message", spec.message(), MAX_TEXT_CHARS);
        if (shell && !hub.settings().shell().enabled()) {
            throw ColonyException.about(ErrorCode.SHELL_DISABLED, "command", "shell runs are off here; the operator "
                    + "turns them on (colony mcp --allow-shell, or COLONY_ALLOW_SHELL=true; in a library, "
                    + "RunSettings.withShell)");
        }
        String command = shell ? Check.body("command", spec.command(), MAX_TEXT_CHARS) : null;
        if (!shell && spec.command() != null) {
            throw ColonyException.invalid("command", "only a shell run has a command; give it to kind shell");
        }
        String cwd = shell ? Check.optionalText("cwd", spec.cwd(), MAX_TEXT_CHARS) : null;
        Duration longest = hub.settings().maxTimeout();
        Duration timeout = spec.timeout() != null ? spec.timeout()
                : DEFAULT_TIMEOUT.compareTo(longest) <= 0 ? DEFAULT_TIMEOUT : longest;
        if (timeout.compareTo(Duration.ofSeconds(1)) < 0 || timeout.compareTo(longest) > 0) {
            throw ColonyException.invalid("timeout", "must be 1 to " + longest.toSeconds() + " seconds (this "
                    + "Colony's limit), was " + timeout.toSeconds() + " s");
        }
        if (shell) {
            requireShellExecution(command, cwd);
        }
        Instant now = kernel.time().now();
        return store.write(tx -> {
            Delegation.require(tx, AgentTypes.of(actor.agent()), shell ? Delegation.SHELL : agent,
                    shell ? "command" : "agent");
            tx.requireOwnSession("session_id", actor.session());
            tx.sessions().touch(actor.session(), now);
            NamespaceId namespace = tx.writable();
            if (spec.parent() != null) {
                readable(tx, "parent_id", spec.parent());
            }
            TaskId task = spec.task();
            if (task != null && tx.task(task).isEmpty()) {
                throw ColonyException.about(ErrorCode.NOT_FOUND, "task_id", "no task with id " + task);
            }
            RunId id = RunIds.next(kind);
            while (tx.runs().find(id).isPresent()) {
                id = RunIds.next(kind);
            }
            boolean start = dispatch && tx.runs().countInProgress() < maxConcurrent;
            Run run = new Run(id, kind, agent, message, command, cwd, spec.parent(), task, actor.session(), dispatch,
                    start ? RunStatus.IN_PROGRESS : RunStatus.QUEUED, null, null, null, null, null, null, null, null,
                    null, timeout, Duration.ZERO, now, start ? now : null, null, false, 1);
            tx.runs().insert(new StoredRun(namespace, now, run));
            return run;
        });
    }

    private void requireShellExecution(String command, String cwd) {
        if (!hub.executesShells()) {
            throw ColonyException.about(ErrorCode.UNAVAILABLE, "command", "this Colony executes no shell runs: "
                    + "it was built without a run output directory");
        }
        ShellCommand.words(command, hub.settings().shell());
        hub.files();
        if (cwd != null && !Files.isDirectory(Path.of(cwd))) {
            throw ColonyException.invalid("cwd", "must be an existing directory, was " + Echo.quoted(cwd));
        }
    }

    @Override
    public Run get(RunId id) {
        Check.required("task_id", id);
        return store.read(tx -> readable(tx, "task_id", id).run());
    }

    @Override
    public List<Run> list(RunQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_VIEWABLE_WINDOW);
        String agent = query.agent() == null ? null : AgentTypes.of(Check.text("agent", query.agent(),
                MAX_AGENT_CHARS));
        return store.read(tx -> tx.runs().list(tx.readable(), agent, query.status(),
                query.parent(), query.limit()).stream().map(StoredRun::run).toList());
    }

    @Override
    public Run take(RunId id) {
        return change(id, (tx, row, now) -> {
            Run run = row.run();
            if (run.agent() != null && !run.agent().equals(AgentTypes.of(actor.agent()))) {
                throw unavailable(run, "it is addressed to agent " + run.agent());
            }
            if (run.status() == RunStatus.IN_PROGRESS && run.executor() == null) {
                return row.with(run.started(actor.session(), run.startedAt()));
            }
            if (run.status() == RunStatus.QUEUED && !run.dispatched()) {
                if (tx.runs().countInProgress() >= maxConcurrent) {
                    throw unavailable(run, "all " + maxConcurrent + " slots are in use; take it when one frees");
                }
                return row.with(run.started(actor.session(), now));
            }
            throw unavailable(run, run.executor() != null ? "session " + run.executor() + " took it"
                    : "it is " + run.status().wireName());
        });
    }

    @Override
    public Run block(RunId id, BlockedOn on, String question) {
        Check.required("blocked_on", on);
        String asked = on == BlockedOn.USER_INPUT ? Check.body("question", question, MAX_TEXT_CHARS)
                : Check.optionalBody("question", question, MAX_TEXT_CHARS);
        return change(id, (tx, row, now) -> {
            Run run = row.run();
            requireInProgress(run);
            return row.with(run.blocked(on, asked, now));
        });
    }

    @Override
    public Run resume(RunId id, String answer) {
        return change(id, (tx, row, now) -> {
            Run run = row.run();
            if (run.status() != RunStatus.BLOCKED) {
                throw ColonyException.about(ErrorCode.RUN_NOT_BLOCKED, "task_id", "run " + run.id() + " is "
                        + run.status().wireName() + ", not blocked");
            }
            String given = run.blockedOn() == BlockedOn.USER_INPUT ? Check.body("answer", answer, MAX_TEXT_CHARS)
                    : Check.optionalBody("answer", answer, MAX_TEXT_CHARS);
            boolean free = tx.runs().countInProgress() < maxConcurrent;
            // A resumed run that finds no slot goes back in line by its age: ahead of runs queued after it.
            return row.with(run.resumed(given, free, now)).queuedAt(run.createdAt());
        });
    }

    @Override
    public Run finish(RunId id, RunOutcome outcome) {
        return end(id, RunStatus.FINISHED, outcome);
    }

    @Override
    public Run fail(RunId id, RunOutcome outcome) {
        return end(id, RunStatus.FAILED, outcome);
    }

    @Override
    public Run kill(RunId id) {
        return end(id, RunStatus.KILLED, new RunOutcome(null, "killed", null, null, null));
    }

    private Run end(RunId id, RunStatus terminal, RunOutcome outcome) {
        Check.required("outcome", outcome);
        String result = Check.optionalBody("result", outcome.result(), MAX_TEXT_CHARS);
        String error = Check.optionalBody("error", outcome.error(), MAX_TEXT_CHARS);
        nonNegative("prompt_tokens", outcome.promptTokens());
        nonNegative("completion_tokens", outcome.completionTokens());
        RunOutcome checked = new RunOutcome(result, error, outcome.promptTokens(), outcome.completionTokens(),
                outcome.exitCode());
        return change(id, (tx, row, now) -> row.with(row.run().ended(terminal, checked, now)));
    }

    @Override
    public List<Run> expire() {
        Instant now = kernel.time().now();
        List<Run> expired = store.write(tx -> {
            Set<NamespaceId> readable = tx.readable();
            List<Run> failed = new ArrayList<>();
            for (StoredRun row : tx.runs().inProgress(EXPIRY_SCAN)) {
                Run run = row.run();
                if (readable.contains(row.namespace()) && run.activeAt(now).compareTo(run.timeout()) > 0) {
                    Run timedOut = run.ended(RunStatus.FAILED, new RunOutcome(null, "timed out after "
                            + run.timeout().toSeconds() + " s in progress", run.promptTokens(), run.completionTokens(),
                            null), now);
                    tx.runs().update(row.with(timedOut), now).ifPresent(stored -> failed.add(stored.run()));
                }
            }
            promote(tx, now);
            return failed;
        });
        expired.forEach(hub::changed);
        return expired;
    }

    @Override
    public Run executing(RunId id) {
        return store.read(tx -> {
            List<Run> mine = tx.runs().executedBy(actor.session()).stream().filter(row -> tx.canRead(row.namespace())).map(StoredRun::run).filter(run -> id == null
                            || run.id().equals(id)).toList();
            if (mine.isEmpty()) {
                throw ColonyException.about(ErrorCode.NOT_IN_A_RUN, "task_id", id == null ? "session "
                        + actor.session() + " executes no run; take one first" : "session " + actor.session()
                                + " does not execute run " + id);
            }
            if (mine.size() > 1) {
                throw ColonyException.invalid("task_id", "session " + actor.session() + " executes " + mine.size()
                        + " runs; name the one that asks: " + mine.stream().map(run -> run.id().value()).toList());
            }
            return mine.get(0);
        });
    }

    @Override
    public Run ask(RunId id, String question) {
        String asked = Check.body("question", question, MAX_TEXT_CHARS);
        Run run = executing(id);
        if (run.answerWaiting()) {
            // The user answered after the last wait ended: that answer comes first, whatever is asked now.
            return receive(run.id());
        }
        if (run.status() == RunStatus.BLOCKED && run.blockedOn() == BlockedOn.USER_INPUT
                && asked.equals(run.question())) {
            return run;
        }
        return block(run.id(), BlockedOn.USER_INPUT, asked);
    }

    @Override
    public Run awaitAnswer(RunId id, Duration wait) {
        return join(awaitAnswerAsync(id, wait), "waiting for the answer of run " + id);
    }

    @Override
    public CompletableFuture<Run> awaitAnswerAsync(RunId id, Duration wait) {
        requireWait(wait);
        Run run = get(id);
        CompletableFuture<Run> answered = hub.when(run, current -> current.status() != RunStatus.BLOCKED
                || current.blockedOn() != BlockedOn.USER_INPUT);
        return hub.settle(List.of(answered), wait, () -> { }, () -> receive(id));
    }

    @Override
    public List<Run> await(Collection<RunId> ids, Duration wait) {
        return join(awaitAsync(ids, wait), "waiting for runs");
    }

    @Override
    public CompletableFuture<List<Run>> awaitAsync(Collection<RunId> ids, Duration wait) {
        Check.required("task_ids", ids);
        if (ids.isEmpty() || ids.size() > MAX_AWAITED) {
            throw ColonyException.invalid("task_ids", "must name 1 to " + MAX_AWAITED + " runs, named "
                    + ids.size());
        }
        requireWait(wait);
        List<RunId> order = List.copyOf(new LinkedHashSet<>(ids));
        Map<RunId, Run> seen = readAll(order);
        List<CompletableFuture<Run>> futures = order.stream().map(id -> hub.when(seen.get(id),
                run -> run.status().terminal())).toList();
        Run parent = futures.stream().allMatch(CompletableFuture::isDone) || wait.isZero() ? null
                : blockOwnRun(order);
        return hub.settle(futures, wait, () -> {
            if (parent != null) {
                resumeOwnRun(parent);
            }
        }, () -> collect(order));
    }

    /** The awaited runs as read now, the ended ones the caller's agent spawned counted as delivered. */
    private List<Run> collect(List<RunId> order) {
        Map<RunId, Run> now = readAll(order);
        List<Run> ended = order.stream().map(now::get).filter(run -> run.status().terminal() && !run.notified())
                .toList();
        if (!ended.isEmpty()) {
            store.write(tx -> {
                for (Run run : spawnedByAgentOf(tx, ended, actor)) {
                    tx.runs().claimNotification(run.id());
                }
                return null;
            });
        }
        return order.stream().map(now::get).toList();
    }

    /**
     * The run as read now; when its answer waits for the caller's session, which executes it, the answer is
     * recorded as received (by compare-and-set, in one transaction with the read it depends on).
     */
    private Run receive(RunId id) {
        Run read = get(id);
        if (!receivable(read)) {
            return read;
        }
        Instant now = kernel.time().now();
        Run run = store.write(tx -> {
            StoredRun row = readable(tx, "task_id", id);
            return !receivable(row.run()) ? row.run() : tx.runs().update(row.with(row.run().received()), now)
                    .orElseThrow(() -> new ColonyException(ErrorCode.CONFLICT, "run " + id + " changed "
                            + "concurrently; read it again")).run();
        });
        hub.changed(run);
        return run;
    }

    private boolean receivable(Run run) {
        return run.answerWaiting() && actor.session().equals(run.executor());
    }

    /**
     * Blocks the one run the caller's session has in progress on {@code runs} while it waits for them, so that its
     * slot can go to them: a parent waiting on a queued child never deadlocks. {@code null} when the session has
     * no run in progress (or several, when it is not clear which one waits), or waits on its own run.
     */
    private Run blockOwnRun(List<RunId> awaited) {
        List<Run> mine = store.read(tx -> tx.runs().executedBy(actor.session()).stream()
                .map(StoredRun::run).filter(run -> run.status() == RunStatus.IN_PROGRESS).toList());
        if (mine.size() != 1 || awaited.contains(mine.get(0).id()) || mine.get(0).answerWaiting()) {
            // Blocking a run whose answer waits for it would lose the answer: it keeps its slot instead.
            return null;
        }
        try {
            return block(mine.get(0).id(), BlockedOn.RUNS, null);
        } catch (ColonyException e) {
            return null;
        }
    }

    /** Resumes the run {@link #blockOwnRun} blocked, unless something else resumed or ended it meanwhile. */
    private void resumeOwnRun(Run parent) {
        try {
            resume(parent.id(), null);
        } catch (ColonyException e) {
            if (e.code() != ErrorCode.RUN_NOT_BLOCKED && e.code() != ErrorCode.RUN_ALREADY_TERMINAL) {
                throw e;
            }
        }
    }

    @Override
    public CompletableFuture<Run> completion(RunId id) {
        return hub.when(get(id), run -> run.status().terminal());
    }

    @Override
    public CompletableFuture<Run> nextChange(RunId id, long version) {
        return hub.when(get(id), run -> run.version() > version);
    }

    @Override
    public RunOutput output(RunId id, Long offset, int maxBytes) {
        Check.range("max_bytes", maxBytes, 1, MAX_OUTPUT_WINDOW);
        if (offset != null && offset < 0) {
            throw ColonyException.invalid("offset", "must be 0 or more, was " + offset);
        }
        Run run = get(id);
        if (run.kind() != RunKind.SHELL) {
            throw ColonyException.invalid("task_id", "run " + id + " is a " + run.kind().wireName()
                    + " run; only shell runs have output (its result is in check_tasks)");
        }
        return hub.output(id, offset == null ? -1 : offset, maxBytes);
    }

    /**
     * Which runs {@code actor}'s agent spawned: in the actor's session, or in another session of the same user and
     * agent type (an agent that restarted collects what it delegated before). Each spawning session is looked up
     * once per call.
     */
    public static List<Run> spawnedByAgentOf(CallerTransaction tx, List<Run> runs, Actor actor) {
        String mine = AgentTypes.of(actor.agent());
        Map<SessionId, Boolean> sessions = new HashMap<>();
        sessions.put(actor.session(), true);
        return runs.stream().filter(run -> sessions.computeIfAbsent(run.spawnedBy(), session -> tx.sessions()
                .find(session).filter(spawner -> spawner.user().equals(actor.user())
                        && AgentTypes.of(spawner.agent()).equals(mine)).isPresent())).toList();
    }

    private Map<RunId, Run> readAll(List<RunId> ids) {
        return store.read(tx -> {
            Map<RunId, Run> found = new HashMap<>();
            for (StoredRun row : tx.runs().findAll(ids)) {
                if (tx.canRead(row.namespace())) {
                    found.put(row.run().id(), row.run());
                }
            }
            for (RunId id : ids) {
                if (!found.containsKey(id)) {
                    throw ColonyException.about(ErrorCode.RUN_NOT_FOUND, "task_ids", "no run with id " + id);
                }
            }
            return found;
        });
    }

    /** The blocking form of an asynchronous wait: an interrupt cancels the wait. */
    private static <T> T join(CompletableFuture<T> future, String what) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new ColonyException(ErrorCode.UNAVAILABLE, "the wait was interrupted");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof ColonyException colony ? colony : new ColonyException(ErrorCode.INTERNAL,
                    what + " failed: " + e.getCause());
        }
    }

    private static void requireWait(Duration wait) {
        Check.required("wait", wait);
        if (wait.isNegative()) {
            throw ColonyException.invalid("wait", "must be 0 or more");
        }
    }

    @Override
    public boolean claimNotification(RunId id) {
        Check.required("task_id", id);
        return store.write(tx -> {
            Run run = readable(tx, "task_id", id).run();
            if (!run.status().terminal()) {
                throw ColonyException.about(ErrorCode.RUN_NOT_TERMINAL, "task_id", "run " + id + " is "
                        + run.status().wireName() + "; its completion comes when it ends");
            }
            return tx.runs().claimNotification(id);
        });
    }

    /** One change of one run: read, check it is not over, apply {@code step}, write by compare-and-set, promote. */
    private Run change(RunId id, Step step) {
        Check.required("task_id", id);
        Instant now = kernel.time().now();
        Run changed = store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            tx.sessions().touch(actor.session(), now);
            StoredRun row = readable(tx, "task_id", id);
            tx.requireWritable("task_id", row.namespace());
            if (row.run().status().terminal()) {
                throw ColonyException.about(ErrorCode.RUN_ALREADY_TERMINAL, "task_id", "run " + id + " is already "
                        + row.run().status().wireName() + "; nothing changes it again");
            }
            StoredRun next = step.apply(tx, row, now);
            Run stored = tx.runs().update(next, now).orElseThrow(() -> new ColonyException(ErrorCode.CONFLICT,
                    "run " + id + " changed concurrently; read it again")).run();
            promote(tx, now);
            return tx.runs().find(id).map(StoredRun::run).orElse(stored);
        });
        hub.changed(changed);
        return changed;
    }

    /** Moves dispatched queued runs, oldest in line first, into the free slots of the whole store. */
    private void promote(CallerTransaction tx, Instant now) {
        int inProgress = tx.runs().countInProgress();
        while (inProgress < maxConcurrent) {
            StoredRun next = tx.runs().nextQueued().orElse(null);
            if (next == null) {
                return;
            }
            Run run = next.run();
            tx.runs().update(next.with(run.started(run.executor(), now)), now).orElseThrow(() -> new ColonyException(
                    ErrorCode.CONFLICT, "run " + run.id() + " changed while it was promoted; try again"));
            inProgress++;
        }
    }

    private StoredRun readable(CallerTransaction tx, String field, RunId id) {
        return tx.runs().find(id).filter(row -> tx.canRead(row.namespace()))
                .orElseThrow(() -> ColonyException.about(ErrorCode.RUN_NOT_FOUND, field, "no run with id " + id));
    }

    private static void requireInProgress(Run run) {
        if (run.status() != RunStatus.IN_PROGRESS) {
            throw ColonyException.about(ErrorCode.RUN_NOT_IN_PROGRESS, "task_id", "run " + run.id() + " is "
                    + run.status().wireName() + ", not in progress");
        }
    }

    private static ColonyException unavailable(Run run, String why) {
        return ColonyException.about(ErrorCode.RUN_NOT_AVAILABLE, "task_id", "run " + run.id() + " cannot be "
                + "taken: " + why);
    }

    private static void nonNegative(String field, Long value) {
        if (value != null && value < 0) {
            throw ColonyException.invalid(field, "must be 0 or more, was " + value);
        }
    }

    /** One run's change, inside the transaction that writes it. */
    @FunctionalInterface
    private interface Step {
        StoredRun apply(CallerTransaction tx, StoredRun row, Instant now);
    }
}
