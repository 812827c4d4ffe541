package dev.colony.core.internal.run;

import dev.colony.api.ColonyException;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The waits for runs of one {@link RunHub}: futures completed when a run, as observed by the hub (a change made
 * here, or the watcher's poll), reaches the state a caller waits for. Waiting holds no thread: the hub's watcher
 * polls only while something waits, and the end of a wait runs on the hub's threads.
 */
final class RunWaiters {

    private final Map<RunId, List<Waiter>> waiters = new ConcurrentHashMap<>();
    private final Executor executor;
    /** Makes sure the hub's watcher runs, and wakes it. */
    private final Runnable startWatching;

    RunWaiters(Executor executor, Runnable startWatching) {
        this.executor = executor;
        this.startWatching = startWatching;
    }

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
        startWatching.run();
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

    /** How many waits are registered, across every run. */
    int count() {
        return waiters.values().stream().mapToInt(List::size).sum();
    }

    private void forget(RunId id, Waiter waiter) {
        waiters.computeIfPresent(id, (key, list) -> {
            list.remove(waiter);
            return list.isEmpty() ? null : list;
        });
    }

    /** Completes the waits that {@code run}, as just observed, satisfies. */
    void observe(Run run) {
        List<Waiter> waiting = waiters.get(run.id());
        if (waiting != null) {
            for (Waiter waiter : waiting) {
                if (run.version() >= waiter.since && waiter.done.test(run)) {
                    waiter.future.complete(run);
                }
            }
        }
    }

    /** Adds the runs waited for to {@code watched}. */
    void addWatched(Set<RunId> watched) {
        watched.addAll(waiters.keySet());
    }

    /** Whether nothing is waited for. */
    boolean idle() {
        return waiters.isEmpty();
    }

    /** Fails every pending wait with {@code closing}. */
    void failAll(ColonyException closing) {
        waiters.values().forEach(list -> list.forEach(waiter -> waiter.future.completeExceptionally(closing)));
    }

    /** A wait for a run, read at version {@code since} or later, to reach a state. */
    private record Waiter(long since, Predicate<Run> done, CompletableFuture<Run> future) {
    }
}
