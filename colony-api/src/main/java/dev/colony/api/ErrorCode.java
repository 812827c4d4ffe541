package dev.colony.api;

/**
 * Stable error codes carried by {@link ColonyException}.
 *
 * <p>The constant names are API: they are sent to MCP clients as the {@code code} field of an error
 * result and may be matched on by callers, so they are never renamed or removed. New codes may be
 * added.
 */
public enum ErrorCode {
    /** An argument is missing, malformed, out of range or too large; the message names the field. */
    INVALID_ARGUMENT,
    /** A referenced record (memory, task, namespace…) does not exist or is not visible to the caller. */
    NOT_FOUND,
    /** A referenced session does not exist; sessions are never created implicitly by a read. */
    SESSION_NOT_FOUND,
    /** The caller is known but may not perform this operation on this record. */
    FORBIDDEN,
    /** The write would create a second copy of something that must be unique. */
    DUPLICATE,
    /** A concurrent change won: the record moved on since it was read (compare-and-set lost). */
    CONFLICT,
    /** The memory was edited by someone else since the version the caller expected. */
    VERSION_CONFLICT,
    /** The operation needs a component that this Colony was built without (e.g. a search index). */
    UNAVAILABLE,
    /** The Colony or one of its components has been closed. */
    CLOSED,
    /** The storage engine failed; nothing of the operation was committed. */
    STORAGE_FAILURE,
    /** The search index failed to answer. */
    SEARCH_FAILURE,
    /** An unexpected internal error; a bug in Colony. */
    INTERNAL,
    /** The caller's session has not joined the task thread the operation needs it to be part of. */
    NOT_PARTICIPANT,
    /** A task-thread link from a thread to itself. */
    TASK_LINK_SELF,
    /** More than one task thread could be the session's active one; the caller must narrow it down. */
    AMBIGUOUS_ACTIVE_TASK,
    /** The session takes part in no active task thread (that matches the filters given). */
    ACTIVE_TASK_NOT_FOUND,
    /** The referenced memory exists but is not a directed message. */
    NOT_MESSAGE,
    /** The message belongs to another task than the one the caller named. */
    TASK_MISMATCH,
    /** The referenced memory is not posted on the task the call is about. */
    OBSERVATION_NOT_ON_TASK,
    /** The message is addressed to a specific session other than the caller's. */
    NOT_TARGET_SESSION,
    /** The message is addressed to another agent than the caller. */
    NOT_TARGET_AGENT,
    /** The message's time to live passed before it was read. */
    MESSAGE_EXPIRED,
    /** The message was withdrawn by its sender. */
    ALREADY_RETRACTED,
    /** Only the session that sent the message may do this. */
    NOT_SENDER,
    /** The message has been answered, so it can no longer be withdrawn. */
    ALREADY_REPLIED,
    /** The message is addressed to one agent, so there is nothing to claim. */
    NOT_BROADCAST,
    /** Another session claimed the broadcast first. */
    ALREADY_CLAIMED,
    /** A claimed path names no single file of the repository; the message says why. */
    INVALID_CLAIM_PATH,
    /** A live session of another agent type holds a fresh claim on the file; the message names it. */
    CLAIM_HELD_BY_ACTIVE_OWNER,
    /** Claims are refused on this branch (a protected branch such as {@code main}). */
    PROTECTED_BRANCH_CLAIM_REJECTED,
    /** The handoff's time to live ran out; it is now recorded as expired. */
    HANDOFF_EXPIRED,
    /** The relay's time to live ran out; it is now recorded as expired. */
    RELAY_EXPIRED,
    /** Another session accepted the baton first. */
    ALREADY_ACCEPTED,
    /** A plan's dependencies point forward, at themselves or in a circle, or contradict its explicit waves. */
    PLAN_INVALID_WAVE_DEPENDENCY,
    /** Two sub-tasks of the same wave share a file; sequence them with a dependency. */
    PLAN_WAVE_SCOPE_OVERLAP,
    /** Two sub-tasks that may run side by side (no dependency orders them) share a file. */
    PLAN_SCOPE_OVERLAP,
    /** Closing work (verification, release, final docs) does not run last after all other work. */
    PLAN_FINALIZER_NOT_LAST,
    /** No plan, or no sub-task of that index, that the caller may read. */
    PLAN_SUBTASK_NOT_FOUND,
    /** The sub-task waits for dependencies that are not completed yet. */
    PLAN_SUBTASK_DEPS_UNMET,
    /** The sub-task is claimed, completed or blocked: someone else got there first, or it needs reopening. */
    PLAN_SUBTASK_NOT_AVAILABLE,
    /** Nobody holds the sub-task, so there is nothing to complete. */
    PLAN_SUBTASK_NOT_CLAIMED,
    /** Another session holds the sub-task. */
    PLAN_SUBTASK_NOT_YOURS,
    /** No proposal of that id that the caller may read. */
    PROPOSAL_NOT_FOUND,
    /** A rescue that changes state was asked for without {@code confirm: true}. */
    RESCUE_CONFIRM_REQUIRED,
    /** No run of that id that the caller may see. */
    RUN_NOT_FOUND,
    /** The run ended (finished, failed or killed); nothing changes it again. */
    RUN_ALREADY_TERMINAL,
    /** The run has not ended, so there is no completion to deliver. */
    RUN_NOT_TERMINAL,
    /** The run is not in progress. */
    RUN_NOT_IN_PROGRESS,
    /** The run is not blocked. */
    RUN_NOT_BLOCKED,
    /** Another session took the run, or no slot is free for it. */
    RUN_NOT_AVAILABLE,
    /** The agent may not delegate to that agent: it is not in the delegating agent's members. */
    NOT_A_MEMBER,
    /** The call needs a run the caller's session executes, and it executes none. */
    NOT_IN_A_RUN,
    /** Shell runs are off: the operator has not enabled them (the server's {@code --allow-shell}). */
    SHELL_DISABLED,
    /** The shell command starts a program the operator's allow-list does not name, or uses shell syntax it forbids. */
    COMMAND_NOT_ALLOWED,
    /** A process declared a delegation policy other than the one its store keeps. */
    POLICY_CONFLICT,
    /**
     * The search index cannot be used for now (its directory cannot be opened or written); the message says
     * why. The store is unaffected: writes are kept and become searchable once the index opens again.
     */
    SEARCH_UNAVAILABLE;

    /** The wire identifier of this code, identical to the constant name. */
    public String id() {
        return name();
    }
}
