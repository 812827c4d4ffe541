package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimState;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads and writes file claims: one row per (task, file), holding its current owner and state.
 *
 * <p>History is not kept here but in audit memories on the task's timeline. Methods that change
 * something must run in a write transaction; every change is a compare-and-set on the row's version.
 */
public interface ClaimRecords {

    /**
     * Inserts the first claim of a file on a task, at version 1.
     *
     * @throws dev.colony.api.ColonyException {@code DUPLICATE} when the task already has a row for the file
     */
    StoredClaim insert(TaskId task, String filePath, SessionId session, String agent, ClaimState state,
            Instant claimedAt, Instant expiresAt, MemoryId baton, Instant now);

    /** The claim row of a file on a task. */
    Optional<StoredClaim> find(TaskId task, String filePath);

    /**
     * Replaces owner, state, claim time, expiry and baton of {@code next.id()} with those of
     * {@code next}, raising the version by one, if and only if the stored version is still
     * {@code next.version()}.
     *
     * @return the row as changed, or empty when the version moved on
     */
    Optional<StoredClaim> compareAndSet(StoredClaim next, Instant now);

    /** Claim rows of a task in these states, most recently claimed first, at most {@code limit}. */
    List<StoredClaim> listByTask(TaskId task, Collection<ClaimState> states, int limit);

    /** Claim rows that wait for (or were installed by) a baton, by file path. */
    List<StoredClaim> listByBaton(MemoryId baton);

    /**
     * Claim rows in these states of the tasks of these namespaces, most recently claimed first, at most
     * {@code limit}.
     */
    List<StoredClaim> listByNamespaces(Collection<NamespaceId> namespaces, Collection<ClaimState> states, int limit);

    /**
     * A claim row as stored.
     *
     * @param id row id
     * @param task the task
     * @param filePath repo-relative path
     * @param session the owning (or last owning) session
     * @param agent that session's agent name
     * @param state the stored state
     * @param claimedAt when it was claimed or last refreshed
     * @param expiresAt when a pending claim stops waiting, else {@code null}
     * @param baton the baton it waits for or came from, else {@code null}
     * @param updatedAt the last change of the row
     * @param version compare-and-set version, starting at 1
     */
    record StoredClaim(long id, TaskId task, String filePath, SessionId session, String agent, ClaimState state,
            Instant claimedAt, Instant expiresAt, MemoryId baton, Instant updatedAt, long version) {

        /** Checks the required components. */
        public StoredClaim {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(filePath, "filePath");
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(claimedAt, "claimedAt");
            Objects.requireNonNull(updatedAt, "updatedAt");
        }

        /** This row owned by another session from {@code at}, in {@code newState}, without expiry or baton. */
        public StoredClaim ownedBy(SessionId newSession, String newAgent, ClaimState newState, Instant at) {
            return new StoredClaim(id, task, filePath, newSession, newAgent, newState, at, null, null, updatedAt,
                    version);
        }

        /** This row in another state, waiting for {@code newBaton} until {@code until} (both may be null). */
        public StoredClaim inState(ClaimState newState, Instant until, MemoryId newBaton) {
            return new StoredClaim(id, task, filePath, session, agent, newState, claimedAt, until, newBaton,
                    updatedAt, version);
        }
    }
}
