package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunStatus;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs: rows with an explicit status and a version, changed by compare-and-set, and a one-way {@code notified}
 * latch. Slot counting and promotion read the whole store: {@code max_concurrent} holds across every process.
 * Writes must run in a write transaction.
 */
public interface RunRecords {

    /** Inserts {@code run} (its version must be 1). */
    void insert(StoredRun run);

    /** The run of this id, in any namespace (the caller checks access). */
    Optional<StoredRun> find(RunId id);

    /** The runs of these ids that exist, in any namespace and any order (the caller checks access). */
    List<StoredRun> findAll(Collection<RunId> ids);

    /**
     * The runs {@code session} executes that have not ended (in progress, blocked, or queued again for a slot
     * after it took them), oldest first.
     */
    List<StoredRun> executedBy(SessionId session);

    /**
     * Writes every changing field of {@code next} (status, what it waits on, question, answer, executor,
     * outcome, times, queue position) over its run if the stored one is still at {@code next.run().version()};
     * the version goes up by one and its update time becomes {@code at}. The latch is not written here.
     *
     * @return the run as stored now, or empty when its version moved on (nothing changed)
     */
    Optional<StoredRun> update(StoredRun next, Instant at);

    /** How many runs of the whole store are in progress. */
    int countInProgress();

    /** The dispatched queued run first in line (oldest {@code queued_at}, then id), in the whole store. */
    Optional<StoredRun> nextQueued();

    /** The runs of the whole store in progress, at most {@code limit}, longest running first. */
    List<StoredRun> inProgress(int limit);

    /**
     * The runs of {@code namespaces}, newest first, at most {@code limit}: for {@code agent} when given, in
     * {@code status} when given (else every run but terminal ones already notified), children of {@code parent}
     * when given.
     */
    List<StoredRun> list(Collection<NamespaceId> namespaces, String agent, RunStatus status, RunId parent,
            int limit);

    /** Sets the latch of a terminal run: true for exactly one caller, false for every later one. */
    boolean claimNotification(RunId id);

    /**
     * A run as stored.
     *
     * @param namespace where it lives
     * @param queuedAt its place in the queue (promotion takes the oldest first)
     * @param run the run
     */
    record StoredRun(NamespaceId namespace, Instant queuedAt, Run run) {

        /** Checks the components. */
        public StoredRun {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(queuedAt, "queuedAt");
            Objects.requireNonNull(run, "run");
        }

        /** This row with {@code next} as its run. */
        public StoredRun with(Run next) {
            return new StoredRun(namespace, queuedAt, next);
        }

        /** This row queued at {@code at}. */
        public StoredRun queuedAt(Instant at) {
            return new StoredRun(namespace, at, run);
        }
    }
}
