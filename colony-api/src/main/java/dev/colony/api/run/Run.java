package dev.colony.api.run;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A run as read now.
 *
 * @param id its id
 * @param kind what executes it
 * @param agent the agent that should do it, or {@code null}
 * @param message what to do, or {@code null}
 * @param command the shell command, or {@code null}
 * @param cwd the shell command's working directory, or {@code null}
 * @param parent the run it serves, or {@code null}
 * @param task the task thread it serves, or {@code null}
 * @param spawnedBy the session that spawned or created it
 * @param dispatched whether it takes a slot as soon as one is free (spawned), rather than waiting to be picked
 *     up (created)
 * @param status where it stands
 * @param blockedOn what it waits for while blocked, else {@code null}; {@code user_input} also after the user
 *     answered, until its executor has received the answer ({@link #answerWaiting()})
 * @param question the question asked of the user, or {@code null}
 * @param answer the user's answer, or {@code null}
 * @param executor the session that took it, or {@code null}
 * @param result its result, or {@code null}
 * @param error its error, or {@code null}
 * @param promptTokens prompt tokens spent, or {@code null}
 * @param completionTokens completion tokens spent, or {@code null}
 * @param exitCode the shell command's exit code, or {@code null}
 * @param timeout how long it may be in progress
 * @param activeTime time spent in progress before its current stretch (waiting for the user does not count)
 * @param createdAt when it was spawned or created
 * @param startedAt when its current stretch in progress began, or {@code null}
 * @param endedAt when it reached a terminal status, or {@code null}
 * @param notified whether its completion was delivered
 * @param version its version
 */
public record Run(RunId id, RunKind kind, String agent, String message, String command, String cwd, RunId parent,
        TaskId task, SessionId spawnedBy, boolean dispatched, RunStatus status, BlockedOn blockedOn, String question,
        String answer, SessionId executor, String result, String error, Long promptTokens, Long completionTokens,
        Integer exitCode, Duration timeout, Duration activeTime, Instant createdAt, Instant startedAt,
        Instant endedAt, boolean notified, long version) {

    /** Checks the required components. */
    public Run {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spawnedBy, "spawnedBy");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(activeTime, "activeTime");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /**
     * This run in progress from {@code at}, executed by {@code by} (or nobody yet, when {@code null}); an answer
     * waiting for its executor still waits.
     */
    public Run started(SessionId by, Instant at) {
        return new Run(id, kind, agent, message, command, cwd, parent, task, spawnedBy, dispatched,
                RunStatus.IN_PROGRESS, blockedOn, question, answer, by, result, error, promptTokens, completionTokens,
                exitCode, timeout, activeTime, createdAt, at, null, notified, version);
    }

    /** This run blocked on {@code on} (asking {@code asked}), its time in progress counted up to {@code now}. */
    public Run blocked(BlockedOn on, String asked, Instant now) {
        return new Run(id, kind, agent, message, command, cwd, parent, task, spawnedBy, dispatched, RunStatus.BLOCKED,
                on, asked, null, executor, result, error, promptTokens, completionTokens, exitCode, timeout,
                activeAt(now), createdAt, null, null, notified, version);
    }

    /**
     * This blocked run resumed with {@code given} (the user's answer, or {@code null}): in progress from
     * {@code now} when a slot is free, else queued for the next one. A run that waited on the user keeps the
     * answer waiting for its executor ({@link #answerWaiting()}).
     */
    public Run resumed(String given, boolean slotFree, Instant now) {
        return new Run(id, kind, agent, message, command, cwd, parent, task, spawnedBy, true, slotFree
                ? RunStatus.IN_PROGRESS : RunStatus.QUEUED, blockedOn == BlockedOn.USER_INPUT ? blockedOn : null,
                question, given, executor, null, null, null, null, null, timeout, activeTime, createdAt,
                slotFree ? now : null, null, false, version);
    }

    /**
     * Whether the user answered this run and its executor has not received the answer yet: the run's next ask
     * returns it instead of asking (see {@link Runs#ask}), whenever the answer came.
     */
    public boolean answerWaiting() {
        return blockedOn == BlockedOn.USER_INPUT && status != RunStatus.BLOCKED && !status.terminal();
    }

    /** This run once its executor has received the answer that waited for it; question and answer stay. */
    public Run received() {
        return new Run(id, kind, agent, message, command, cwd, parent, task, spawnedBy, dispatched, status, null,
                question, answer, executor, result, error, promptTokens, completionTokens, exitCode, timeout,
                activeTime, createdAt, startedAt, endedAt, notified, version);
    }

    /** This run ended at {@code now} in {@code terminal}, with {@code outcome}. */
    public Run ended(RunStatus terminal, RunOutcome outcome, Instant now) {
        return new Run(id, kind, agent, message, command, cwd, parent, task, spawnedBy, dispatched, terminal, null,
                question, answer, executor, outcome.result(), outcome.error(), outcome.promptTokens(),
                outcome.completionTokens(), outcome.exitCode(), timeout, activeAt(now), createdAt, startedAt, now,
                false, version);
    }

    /** Time spent in progress up to {@code now}. */
    public Duration activeAt(Instant now) {
        return status == RunStatus.IN_PROGRESS && startedAt != null ? activeTime.plus(Duration.between(startedAt,
                now)) : activeTime;
    }
}
