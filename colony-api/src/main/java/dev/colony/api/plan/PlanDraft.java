package dev.colony.api.plan;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A plan to validate or publish.
 *
 * @param repoRoot the repository the plan changes (absolute path); its sub-task threads live there
 * @param slug the plan's name, kebab-case, unique per repository
 * @param title what the plan achieves
 * @param problem why, or {@code null}
 * @param acceptanceCriteria how to tell it is done
 * @param subtasks the sub-tasks, in order (dependencies point to earlier ones)
 * @param autoArchive whether the plan archives itself once every sub-task is completed
 * @param archiveGrace how long an auto-archiving plan stays open once every sub-task is completed, or
 *     {@code null} for {@link PlanRegistry#DEFAULT_ARCHIVE_GRACE}
 */
public record PlanDraft(String repoRoot, String slug, String title, String problem, List<String> acceptanceCriteria,
        List<SubtaskDraft> subtasks, boolean autoArchive, Duration archiveGrace) {

    /** Copies the lists; {@code null} lists are empty. */
    public PlanDraft {
        acceptanceCriteria = acceptanceCriteria == null ? List.of() : List.copyOf(acceptanceCriteria);
        subtasks = subtasks == null ? List.of() : List.copyOf(subtasks);
    }

    /** A plan without a problem statement, criteria or auto-archive. */
    public static PlanDraft of(String repoRoot, String slug, String title, List<SubtaskDraft> subtasks) {
        return new PlanDraft(repoRoot, slug, Objects.requireNonNull(title, "title"), null, List.of(), subtasks, false,
                null);
    }

    /** This plan with a problem statement and acceptance criteria. */
    public PlanDraft because(String newProblem, List<String> newCriteria) {
        return new PlanDraft(repoRoot, slug, title, newProblem, newCriteria, subtasks, autoArchive, archiveGrace);
    }

    /** This plan, archiving itself once every sub-task is completed, after the default grace period. */
    public PlanDraft autoArchiving() {
        return new PlanDraft(repoRoot, slug, title, problem, acceptanceCriteria, subtasks, true, archiveGrace);
    }

    /** This plan, archiving itself {@code grace} after every sub-task is completed (zero: at once). */
    public PlanDraft autoArchiving(Duration grace) {
        return new PlanDraft(repoRoot, slug, title, problem, acceptanceCriteria, subtasks, true, grace);
    }
}
