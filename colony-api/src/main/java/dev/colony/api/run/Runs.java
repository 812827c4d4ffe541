package dev.colony.api.run;

import dev.colony.api.ColonyException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The run registry as the caller sees it: runs of the namespaces the caller may read. Every change is one write
 * transaction that compares and sets the run's status and version; a change that frees a slot (a run ends,
 * blocks or times out) promotes the oldest dispatched queued run in the same transaction, so at most
 * {@link #maxConcurrent()} runs are ever in progress across every process of the store.
 */
public interface Runs {

    /** Runs in progress at once when the Colony is not told otherwise. */
    int DEFAULT_MAX_CONCURRENT = 4;
    /** Runs a listing returns when the query names no limit. */
    int DEFAULT_VIEWABLE_WINDOW = 16;
    /** The most runs one listing returns. */
    int MAX_VIEWABLE_WINDOW = 100;
    /** How long a run may be in progress when its spec names no timeout. */
    Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);
    /** The longest timeout a spec may name under {@link RunSettings#defaults()}: runaway runs end within it. */
    Duration DEFAULT_MAX_TIMEOUT = Duration.ofHours(2);
    /** The longest timeout a Colony may be set to allow ({@link RunSettings#maxTimeout()}). */
    Duration MAX_TIMEOUT = Duration.ofDays(1);
    /** The longest message, command, question, answer, result or error, in characters. */
    int MAX_TEXT_CHARS = 16_000;
    /** The most runs one {@link #await} waits for. */
    int MAX_AWAITED = 100;
    /** The most bytes one {@link #output} window holds. */
    int MAX_OUTPUT_WINDOW = 64 * 1024;

    /** The most runs in progress at once, across every process of the store. */
    int maxConcurrent();

    /**
     * Records a run and dispatches it: in progress when a slot is free, else queued until one is.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field for bad input; {@code RUN_NOT_FOUND}
     *     naming {@code parent_id} for a parent the caller cannot see
     */
    Run spawn(RunSpec spec);

    /** Records a run that waits, queued, until its agent takes it ({@link #take}); it claims no slot before. */
    Run create(RunSpec spec);

    /** The run, as read now. {@code RUN_NOT_FOUND} naming {@code task_id} when the caller cannot see it. */
    Run get(RunId id);

    /** Runs matching the query, newest first. */
    List<Run> list(RunQuery query);

    /**
     * Takes a run for the caller's session to execute: a dispatched run in progress that nobody took, or a
     * created run still queued (which then needs a free slot).
     *
     * @throws ColonyException {@code RUN_ALREADY_TERMINAL}; {@code RUN_NOT_AVAILABLE} when another session took
     *     it, when it is blocked, or when no slot is free for a created run
     */
    Run take(RunId id);

    /**
     * Blocks an in-progress run on the user (with {@code question}) or on other runs; it frees its slot.
     *
     * @throws ColonyException {@code RUN_NOT_IN_PROGRESS} unless it is in progress; {@code RUN_ALREADY_TERMINAL}
     */
    Run block(RunId id, BlockedOn on, String question);

    /**
     * Resumes a blocked run, with the user's answer when it waited on the user: in progress again when a slot
     * is free, else queued first in line.
     *
     * @throws ColonyException {@code RUN_NOT_BLOCKED} unless it is blocked; {@code RUN_ALREADY_TERMINAL}
     */
    Run resume(RunId id, String answer);

    /** Finishes a run with its outcome. {@code RUN_ALREADY_TERMINAL} when it ended already. */
    Run finish(RunId id, RunOutcome outcome);

    /** Fails a run with its outcome. {@code RUN_ALREADY_TERMINAL} when it ended already. */
    Run fail(RunId id, RunOutcome outcome);

    /**
     * Kills a run: {@code killed} is committed first, so whatever the executor reports afterwards finds it
     * terminal. {@code RUN_ALREADY_TERMINAL} when it ended already.
     */
    Run kill(RunId id);

    /** Fails every in-progress run of the caller's namespaces that outlived its timeout; returns them. */
    List<Run> expire();

    /**
     * The run the caller's session executes and that has not ended (in progress, blocked, or queued for a slot
     * after an answer resumed it): the one named, or when {@code id} is {@code null} its only one.
     *
     * @throws ColonyException {@code NOT_IN_A_RUN} when the session executes none (or not that one);
     *     {@code INVALID_ARGUMENT} naming {@code task_id} when it executes several and none is named
     */
    Run executing(RunId id);

    /**
     * Asks the user a question on behalf of the run the caller's session executes ({@link #executing}): the run
     * becomes {@code blocked} on {@code user_input} with the question stored, and frees its slot. Asking again
     * while the same question is pending changes nothing. {@link #awaitAnswer} waits for the answer.
     *
     * <p>An answer is never lost: when the user answered an earlier question after its wait ended, that answer
     * is returned at once instead, whatever is asked now (the returned run's {@code question} says which question
     * it answers), and counts as received ({@link Run#answerWaiting()} is false from then on).
     */
    Run ask(RunId id, String question);

    /**
     * Waits up to {@code wait} for a run blocked on the user to be answered; returns it as read then (still
     * blocked when nobody answered). When the caller's session executes the run, the answer counts as received.
     */
    Run awaitAnswer(RunId id, Duration wait);

    /**
     * {@link #awaitAnswer} without holding a thread while it waits: the future completes with the run once it is
     * answered or {@code wait} passed. Cancelling it ends the wait at once.
     *
     * @throws ColonyException at once, as {@link #awaitAnswer} does
     */
    CompletableFuture<Run> awaitAnswerAsync(RunId id, Duration wait);

    /**
     * Waits up to {@code wait} for every run of {@code ids} to end, and returns them as read then, in the order asked.
     * The ended runs the caller's agent spawned (in this session or an earlier one of the same user and agent type)
     * count as delivered (their notification latch is set), so they leave the default listings. Waking is immediate for
     * a change made in this process and within a short poll for one made by another process. While it waits, the one
     * run the caller's session has in progress (if it has exactly one) is blocked on {@code runs}, so that its slot
     * goes to the runs it waits for (a parent waiting on a queued child never deadlocks), and resumed afterwards: in
     * progress again when a slot is free, else first in line.
     *
     * @throws ColonyException {@code RUN_NOT_FOUND} naming {@code task_ids} for an id the caller cannot see;
     *     {@code INVALID_ARGUMENT} for none, more than {@link #MAX_AWAITED}, or a negative wait
     */
    List<Run> await(Collection<RunId> ids, Duration wait);

    /**
     * {@link #await} without holding a thread while it waits: the future completes with the runs as read once
     * every one ended or {@code wait} passed. Cancelling it ends the wait at once and releases what it held (the
     * caller's own run, blocked while it waited, is resumed).
     *
     * @throws ColonyException at once, as {@link #await} does
     */
    CompletableFuture<List<Run>> awaitAsync(Collection<RunId> ids, Duration wait);

    /**
     * A future completed with the run once it ends, whichever process ends it. Cancelling it stops only this
     * wait.
     *
     * @throws ColonyException {@code RUN_NOT_FOUND} when the caller cannot see the run
     */
    CompletableFuture<Run> completion(RunId id);

    /**
     * A future completed with the run at its first version after {@code version}, whichever process changes it
     * (at once when it already moved on): to follow a run without polling it.
     *
     * @throws ColonyException {@code RUN_NOT_FOUND} when the caller cannot see the run
     */
    CompletableFuture<Run> nextChange(RunId id, long version);

    /**
     * A window of a shell run's output: {@code maxBytes} from {@code offset}, or the last {@code maxBytes} when
     * {@code offset} is {@code null}. Empty for a run that never started or has no output file here.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code task_id} for a run that is not a shell
     *     run; naming {@code offset} or {@code max_bytes} when out of range
     */
    RunOutput output(RunId id, Long offset, int maxBytes);

    /**
     * Claims the right to deliver a terminal run's completion: true for exactly one caller, ever.
     *
     * @throws ColonyException {@code RUN_NOT_TERMINAL} unless the run has ended
     */
    boolean claimNotification(RunId id);
}
