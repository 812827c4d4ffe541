package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.SubtaskStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Plans and their sub-tasks: rows with an explicit status and a version, changed by compare-and-set.
 * Writes must run in a write transaction.
 */
public interface PlanRecords {

    /**
     * Inserts a plan and its sub-tasks (all {@code available}, version 1).
     *
     * @return the plan as stored, or empty when its namespace already has a plan of that repository and slug
     *     (nothing is written)
     */
    Optional<StoredPlan> insert(NewPlan plan, List<NewSubtask> subtasks);

    /** The plans of {@code namespaces} with this slug, in any repository (or in {@code repoRoot} when given). */
    List<StoredPlan> findBySlug(Collection<NamespaceId> namespaces, String repoRoot, String slug);

    /**
     * The plans of {@code namespaces}, newest first, at most {@code limit}: of one repository when
     * {@code repoRoot} is given, archived ones only when {@code includeArchived}.
     */
    List<StoredPlan> list(Collection<NamespaceId> namespaces, String repoRoot, boolean includeArchived, int limit);

    /** The sub-tasks of each plan among {@code plans}, by plan id, in index order. */
    Map<Long, List<StoredSubtask>> subtasks(Collection<Long> plans);

    /** Sub-task {@code index} of {@code plan}, if the plan has one: what a claim reads in full. */
    Optional<StoredSubtask> subtask(long plan, int index);

    /**
     * The status of every sub-task of {@code plan}, by index in index order: what a claim checks dependencies
     * against without reading whole rows.
     */
    Map<Integer, SubtaskStatus> statuses(long plan);

    /**
     * Writes {@code next} over its sub-task if the stored one is still at {@code next.version()} (status,
     * claimer, times, summary, reason); the version goes up by one.
     *
     * @return the sub-task as stored now, or empty when its version moved on (nothing changed)
     */
    Optional<StoredSubtask> update(StoredSubtask next);

    /**
     * Writes the archive fields and status of {@code next} over its plan if the stored one is still at
     * {@code next.version()}; the version goes up by one.
     *
     * @return the plan as stored now, or empty when its version moved on
     */
    Optional<StoredPlan> update(StoredPlan next);

    /** The sub-tasks {@code session} holds (status claimed), oldest claim first. */
    List<StoredSubtask> claimedBy(SessionId session);

    /**
     * The sub-tasks of open plans of {@code namespaces} in {@code repoRoot} bound to the spec row {@code specRowId},
     * each with its plan, oldest plan first.
     */
    List<Binding> boundTo(Collection<NamespaceId> namespaces, String repoRoot, String specRowId);

    /**
     * A sub-task bound to a spec row, with its plan.
     *
     * @param plan the plan
     * @param subtask the sub-task
     */
    record Binding(StoredPlan plan, StoredSubtask subtask) {

        /** Checks the components. */
        public Binding {
            Objects.requireNonNull(plan, "plan");
            Objects.requireNonNull(subtask, "subtask");
        }
    }

    /**
     * A plan to insert.
     *
     * @param namespace its namespace
     * @param repoRoot its repository
     * @param slug its slug
     * @param title its title
     * @param problem its problem statement, or {@code null}
     * @param acceptance its acceptance criteria
     * @param autoArchive whether it archives itself
     * @param archiveGrace how long it stays open once every sub-task is completed
     * @param specTask its own thread
     * @param createdBy the publishing session
     * @param createdAt when it was published
     */
    record NewPlan(NamespaceId namespace, String repoRoot, String slug, String title, String problem,
            List<String> acceptance, boolean autoArchive, Duration archiveGrace, TaskId specTask, SessionId createdBy,
            Instant createdAt) {

        /** Checks the required components and copies the criteria. */
        public NewPlan {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(repoRoot, "repoRoot");
            Objects.requireNonNull(slug, "slug");
            Objects.requireNonNull(title, "title");
            acceptance = List.copyOf(acceptance);
            Objects.requireNonNull(archiveGrace, "archiveGrace");
            Objects.requireNonNull(specTask, "specTask");
            Objects.requireNonNull(createdBy, "createdBy");
            Objects.requireNonNull(createdAt, "createdAt");
        }
    }

    /**
     * A sub-task to insert with its plan.
     *
     * @param index its index
     * @param title its title
     * @param description its description, or {@code null}
     * @param fileScope its files
     * @param dependsOn the indices it waits for
     * @param capabilityHint its capability hint, or {@code null}
     * @param wave its wave
     * @param finalizer whether it is closing work
     * @param task its thread
     * @param specRowId the spec row it carries out, or {@code null}
     */
    record NewSubtask(int index, String title, String description, List<String> fileScope, List<Integer> dependsOn,
            String capabilityHint, int wave, boolean finalizer, TaskId task, String specRowId) {

        /** Checks the required components and copies the lists. */
        public NewSubtask {
            Objects.requireNonNull(title, "title");
            fileScope = List.copyOf(fileScope);
            dependsOn = List.copyOf(dependsOn);
            Objects.requireNonNull(task, "task");
        }
    }

    /**
     * A plan as stored.
     *
     * @param id its row id
     * @param namespace its namespace
     * @param repoRoot its repository
     * @param slug its slug
     * @param title its title
     * @param problem its problem statement, or {@code null}
     * @param acceptance its acceptance criteria
     * @param autoArchive whether it archives itself
     * @param archiveGrace how long it stays open once every sub-task is completed
     * @param specTask its own thread
     * @param status open or archived
     * @param createdBy the publishing session
     * @param createdAt when it was published
     * @param archiveDueAt when it is archived, once every sub-task is completed, or {@code null}
     * @param archivedAt when it was archived, or {@code null}
     * @param updatedAt its last change
     * @param version its version
     */
    record StoredPlan(long id, NamespaceId namespace, String repoRoot, String slug, String title, String problem,
            List<String> acceptance, boolean autoArchive, Duration archiveGrace, TaskId specTask, PlanStatus status,
            SessionId createdBy, Instant createdAt, Instant archiveDueAt, Instant archivedAt, Instant updatedAt,
            long version) {

        /** Checks the required components and copies the criteria. */
        public StoredPlan {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(slug, "slug");
            acceptance = List.copyOf(acceptance);
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(updatedAt, "updatedAt");
        }

        /** This plan with new archive fields, as of {@code at}. */
        public StoredPlan archiving(PlanStatus newStatus, Instant newDueAt, Instant newArchivedAt, Instant at) {
            return new StoredPlan(id, namespace, repoRoot, slug, title, problem, acceptance, autoArchive, archiveGrace,
                    specTask, newStatus, createdBy, createdAt, newDueAt, newArchivedAt, at, version);
        }
    }

    /**
     * A sub-task as stored.
     *
     * @param plan its plan's row id
     * @param index its index
     * @param title its title
     * @param description its description, or {@code null}
     * @param fileScope its files
     * @param dependsOn the indices it waits for
     * @param capabilityHint its capability hint, or {@code null}
     * @param wave its wave
     * @param finalizer whether it is closing work
     * @param task its thread
     * @param status where it stands
     * @param claimedBy its claimer's session, or {@code null}
     * @param claimedAgent its claimer's agent, or {@code null}
     * @param claimedAt when it was claimed, or {@code null}
     * @param completedAt when it was completed, or {@code null}
     * @param summary its completion summary, or {@code null}
     * @param blockedReason why it is blocked, or {@code null}
     * @param updatedAt its last change
     * @param version its version
     * @param specRowId the spec row it carries out, or {@code null}
     */
    record StoredSubtask(long plan, int index, String title, String description, List<String> fileScope,
            List<Integer> dependsOn, String capabilityHint, int wave, boolean finalizer, TaskId task,
            SubtaskStatus status, SessionId claimedBy, String claimedAgent, Instant claimedAt, Instant completedAt,
            String summary, String blockedReason, Instant updatedAt, long version, String specRowId) {

        /** Checks the required components and copies the lists. */
        public StoredSubtask {
            Objects.requireNonNull(title, "title");
            fileScope = List.copyOf(fileScope);
            dependsOn = List.copyOf(dependsOn);
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(updatedAt, "updatedAt");
        }

        /** This sub-task claimed by {@code session} at {@code at}. */
        public StoredSubtask claimed(SessionId session, String agent, Instant at) {
            return new StoredSubtask(plan, index, title, description, fileScope, dependsOn, capabilityHint, wave,
                    finalizer, task, SubtaskStatus.CLAIMED, session, agent, at, null, null, null, at, version,
                    specRowId);
        }

        /** This sub-task completed at {@code at} with {@code newSummary}, its claimer kept on record. */
        public StoredSubtask completed(String newSummary, Instant at) {
            return new StoredSubtask(plan, index, title, description, fileScope, dependsOn, capabilityHint, wave,
                    finalizer, task, SubtaskStatus.COMPLETED, claimedBy, claimedAgent, claimedAt, at, newSummary,
                    null, at, version, specRowId);
        }

        /** This sub-task blocked at {@code at} for {@code reason}, no longer held by anyone. */
        public StoredSubtask blocked(String reason, Instant at) {
            return new StoredSubtask(plan, index, title, description, fileScope, dependsOn, capabilityHint, wave,
                    finalizer, task, SubtaskStatus.BLOCKED, null, null, null, null, null, reason, at, version,
                    specRowId);
        }

        /** This sub-task available again, as of {@code at}. */
        public StoredSubtask reopened(Instant at) {
            return new StoredSubtask(plan, index, title, description, fileScope, dependsOn, capabilityHint, wave,
                    finalizer, task, SubtaskStatus.AVAILABLE, null, null, null, null, null, null, at, version,
                    specRowId);
        }
    }
}
