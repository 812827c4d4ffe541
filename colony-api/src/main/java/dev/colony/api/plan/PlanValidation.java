package dev.colony.api.plan;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * What a check of a plan found, before anything is published.
 *
 * @param pairwiseOverlaps pairs of sub-tasks whose file scopes share files
 * @param liveClaimCollisions files of the plan that another session holds by a live claim now
 * @param moduleWarnings sub-tasks that may run side by side in the same directory (a warning only)
 * @param orderedWaveErrors what makes the plan unpublishable: bad dependencies, waves or finalizers, and
 *     overlaps between sub-tasks that may run side by side
 * @param waves the wave of each sub-task, by index ({@code -1} where the dependencies leave it undefined)
 * @param partitionClean whether the plan can be published and its sub-tasks worked on side by side: no
 *     error, no unsequenced overlap and no live claim collision
 * @param summary one line saying so
 */
public record PlanValidation(List<ScopeOverlap> pairwiseOverlaps, List<ClaimCollision> liveClaimCollisions,
        List<String> moduleWarnings, List<WaveError> orderedWaveErrors, List<Integer> waves, boolean partitionClean,
        String summary) {

    /** Copies the lists. */
    public PlanValidation {
        pairwiseOverlaps = List.copyOf(pairwiseOverlaps);
        liveClaimCollisions = List.copyOf(liveClaimCollisions);
        moduleWarnings = List.copyOf(moduleWarnings);
        orderedWaveErrors = List.copyOf(orderedWaveErrors);
        waves = List.copyOf(waves);
        Objects.requireNonNull(summary, "summary");
    }

    /**
     * Two sub-tasks sharing files.
     *
     * @param first the lower index
     * @param second the higher index
     * @param files the files both name
     * @param sequenced whether a chain of dependencies orders them (then the overlap is allowed)
     */
    public record ScopeOverlap(int first, int second, List<String> files, boolean sequenced) {

        /** Copies the files. */
        public ScopeOverlap {
            files = List.copyOf(files);
        }
    }

    /**
     * A file of the plan that another session holds now.
     *
     * @param subtask the sub-task whose scope names it
     * @param file the file
     * @param task the thread the claim is on
     * @param session the holding session
     * @param agent the holding agent
     */
    public record ClaimCollision(int subtask, String file, TaskId task, SessionId session, String agent) {
    }

    /**
     * One reason the plan cannot be published.
     *
     * @param code the error code publishing reports for it ({@code PLAN_INVALID_WAVE_DEPENDENCY},
     *     {@code PLAN_WAVE_SCOPE_OVERLAP}, {@code PLAN_SCOPE_OVERLAP} or {@code PLAN_FINALIZER_NOT_LAST})
     * @param subtask the sub-task at fault
     * @param message what is wrong and how to fix it
     */
    public record WaveError(String code, int subtask, String message) {
    }
}
