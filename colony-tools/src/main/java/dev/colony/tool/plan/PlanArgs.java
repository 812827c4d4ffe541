package dev.colony.tool.plan;

import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.spec.SpecRow;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import java.time.Duration;
import java.util.List;

/** The sub-task argument shared by task_plan_validate and task_plan_publish, and its conversion. */
public final class PlanArgs {

    /** One sub-task of a plan. */
    public record SubtaskArg(
            @Param(value = "What it achieves; verify, release or final marks closing work.", required = true)
            @Size(max = PlanRegistry.MAX_TITLE_CHARS) String title,
            @Param("How, in a few sentences.")
            @Size(max = PlanRegistry.MAX_TEXT_CHARS) String description,
            @Param("The files it changes, claimed with it.")
            @Size(max = PlanRegistry.MAX_FILE_SCOPE) List<String> fileScope,
            @Param("Indices of earlier sub-tasks to complete first.")
            @Size(max = PlanRegistry.MAX_SUBTASKS)
            @Range(min = 0, max = PlanRegistry.MAX_SUBTASKS) List<Long> dependsOn,
            @Param("ui_work, api_work, test_work, infra_work, doc_work, or your word.")
            @Size(max = 40) String capabilityHint,
            @Param("An explicit wave, after its dependencies'.")
            @Range(min = 0, max = PlanRegistry.MAX_SUBTASKS) Integer wave,
            @Param("true: closing work, whatever the title.")
            Boolean finalizer,
            @Param("The SPEC.md row it carries out (T5); one open plan per row.")
            @Size(max = SpecRow.MAX_ID_CHARS) String specRowId) {

        SubtaskDraft draft() {
            return new SubtaskDraft(title, description, fileScope, dependsOn == null ? null
                    : dependsOn.stream().map(Long::intValue).toList(), capabilityHint, wave,
                    Boolean.TRUE.equals(finalizer), specRowId);
        }
    }

    private PlanArgs() {
    }

    /** A draft of the given parts; absent lists are empty. */
    static PlanDraft draft(String repoRoot, String slug, String title, String problem, List<String> criteria,
            List<SubtaskArg> subtasks, Boolean autoArchive, Integer archiveGraceSeconds) {
        return new PlanDraft(repoRoot, slug, title, problem, criteria, subtasks == null ? null
                : subtasks.stream().map(subtask -> subtask == null ? null : subtask.draft()).toList(),
                Boolean.TRUE.equals(autoArchive), archiveGraceSeconds == null ? null
                        : Duration.ofSeconds(archiveGraceSeconds));
    }
}
