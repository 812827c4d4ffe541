package dev.colony.api.plan;

import dev.colony.api.ColonyException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Plans as seen by one caller: published into its own namespace, listed from every namespace it may read,
 * and worked on as its session. Every change is one transaction with compare-and-set on the sub-task's status
 * and version, safe across threads and processes sharing one store.
 */
public interface PlanRegistry {

    /** The fewest sub-tasks a plan has: a single piece of work is a task thread, not a plan. */
    int MIN_SUBTASKS = 2;
    /** The most sub-tasks a plan has. */
    int MAX_SUBTASKS = 20;
    /** The most files one sub-task's scope names. */
    int MAX_FILE_SCOPE = 50;
    /** The longest slug. */
    int MAX_SLUG_CHARS = 64;
    /** The longest title (plan or sub-task). */
    int MAX_TITLE_CHARS = 200;
    /** The longest description, problem statement, summary or reason. */
    int MAX_TEXT_CHARS = 4_000;
    /** The most acceptance criteria. */
    int MAX_CRITERIA = 20;
    /** How many plans a listing returns unless told otherwise. */
    int DEFAULT_LIST_LIMIT = 10;
    /** The most plans a listing returns. */
    int MAX_LIST_LIMIT = 50;
    /** How long a completed auto-archiving plan stays open unless its draft says otherwise. */
    Duration DEFAULT_ARCHIVE_GRACE = Duration.ofSeconds(60);
    /** The longest grace period a plan may ask for. */
    Duration MAX_ARCHIVE_GRACE = Duration.ofDays(1);
    /** How many entries the ready queue returns unless told otherwise. */
    int DEFAULT_READY_LIMIT = 5;
    /** The most entries the ready queue returns. */
    int MAX_READY_LIMIT = 20;
    /** How long a sub-task is held before the ready queue may release it from a session gone idle. */
    Duration STALE_CLAIM_AFTER = Duration.ofHours(1);
    /** What a slug looks like: lowercase words of letters and digits joined by single hyphens. */
    String SLUG_PATTERN = "[a-z0-9]+(?:-[a-z0-9]+)*";

    /**
     * Checks a plan without publishing it: overlaps between file scopes, live claims of other sessions on its
     * files, dependency, wave and finalizer errors, and directories shared by sub-tasks that may run side by
     * side.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field when the draft is malformed (a missing
     *     title, a bad slug, too few or too many sub-tasks); problems of the plan's shape are reported instead
     */
    PlanValidation validate(PlanDraft draft);

    /**
     * Publishes a plan: checks it as {@link #validate} does, then opens the plan's thread on branch
     * {@code spec/<slug>} and one thread per sub-task on {@code spec/<slug>/sub-<index>}, without joining any.
     * Live claim collisions do not stop a publish (the claims may be released before anyone starts).
     *
     * @throws ColonyException {@code PLAN_INVALID_WAVE_DEPENDENCY}, {@code PLAN_WAVE_SCOPE_OVERLAP},
     *     {@code PLAN_SCOPE_OVERLAP} or {@code PLAN_FINALIZER_NOT_LAST} for the first error found (nothing is
     *     written); {@code DUPLICATE} naming {@code slug} when the repository has a plan of that slug
     */
    Plan publish(PlanDraft draft);

    /** The plans the caller may read, newest first, filtered by {@code query}. */
    List<Plan> list(PlanListQuery query);

    /**
     * One plan.
     *
     * @throws ColonyException {@code PLAN_SUBTASK_NOT_FOUND} naming {@code plan_slug} when the caller may read no
     *     plan of that name; {@code INVALID_ARGUMENT} naming {@code repo_root} when several repositories have one
     */
    Plan get(PlanRef plan);

    /**
     * Claims a sub-task for the caller's session: the sub-task turns claimed, the session joins its thread and
     * claims every file of its scope, all in one transaction.
     *
     * @throws ColonyException {@code PLAN_SUBTASK_NOT_FOUND}; {@code PLAN_SUBTASK_DEPS_UNMET} listing the
     *     dependencies not completed yet; {@code PLAN_SUBTASK_NOT_AVAILABLE} when it is claimed, completed or
     *     blocked (with the sub-tasks one may claim instead); a file claim's own refusal
     *     ({@code CLAIM_HELD_BY_ACTIVE_OWNER}, {@code PROTECTED_BRANCH_CLAIM_REJECTED}), nothing claimed
     */
    SubtaskClaim claim(PlanRef plan, int subtask);

    /**
     * Completes the caller's claimed sub-task: releases the files of its scope, records the summary on its
     * thread, and, when it was the last one, archives an auto-archiving plan (after the grace period).
     *
     * @throws ColonyException {@code PLAN_SUBTASK_NOT_FOUND}; {@code PLAN_SUBTASK_NOT_CLAIMED} when nobody holds
     *     it; {@code PLAN_SUBTASK_NOT_YOURS} when another session does
     */
    SubtaskCompletion complete(PlanRef plan, int subtask, String summary);

    /**
     * Marks a sub-task blocked with a reason, so that the sub-tasks waiting on it show why instead of waiting
     * silently; a claimed one is released (its files too). Whoever may write the plan's namespace may block
     * it: its claimer giving up, or a coordinator stopping work that went wrong.
     *
     * @throws ColonyException {@code PLAN_SUBTASK_NOT_FOUND}; {@code PLAN_SUBTASK_NOT_AVAILABLE} when it is
     *     completed or already blocked
     */
    Subtask block(PlanRef plan, int subtask, String reason);

    /**
     * Makes a blocked sub-task available again.
     *
     * @throws ColonyException {@code PLAN_SUBTASK_NOT_FOUND}; {@code PLAN_SUBTASK_NOT_AVAILABLE} when it is not
     *     blocked
     */
    Subtask reopen(PlanRef plan, int subtask);

    /**
     * The sub-tasks the caller may take now, ranked for its agent type (see {@link ReadyEntry#fitScore()}); its
     * current sub-task first. With {@link ReadyQuery#releaseStaleClaims()}, sub-tasks held for over
     * {@link #STALE_CLAIM_AFTER} by a session that ended or went idle are released first (and reported); with
     * {@link ReadyQuery#autoClaim()}, an unambiguous best candidate (the only one, or ahead of the next by 0.1)
     * is claimed in the same call, unless the caller already holds a sub-task.
     */
    ReadyWork ready(ReadyQuery query);

    /**
     * The sub-task of an open plan the caller may read that carries out the spec row {@code specRowId} of
     * {@code repoRoot}, if one does (see {@link SubtaskDraft#specRowId()}).
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code repo_root} or
     *     {@code spec_row_id} when one is missing or malformed
     */
    Optional<SpecRowBinding> bindingOf(String repoRoot, String specRowId);

    /**
     * The plan a goal splits into, by fixed rules (no model call): its affected files grouped by module into
     * implementation, test and doc sub-tasks with capability hints from their paths, tests and docs after the
     * implementation, and a closing check after everything; auto-archiving. The slug comes from the title, with
     * a number added when a plan of the repository has it already. Nothing is written: validate or publish the
     * result.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the field ({@code goal_title}, {@code repo_root},
     *     {@code affected_files[i]}, ...) for bad input; {@code INVALID_CLAIM_PATH} for a file outside the
     *     repository
     */
    PlanDraft decompose(Goal goal);
}
