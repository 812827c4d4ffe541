package dev.colony.core.internal.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.SubtaskDraft;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixed rules that split a goal into a plan: groups, capabilities, order, the closing check, the limits. */
class GoalPlannerTest {

    private static Goal goal(List<String> files, Goal.Ordering ordering, String finalizer) {
        return new Goal("/repo", "Document every MCP tool!", "Users cannot see the tools", List.of("Each tool has a "
                + "section"), files, ordering, finalizer);
    }

    @Test
    void filesAreGroupedByModuleAndKindWithTestsAndDocsAfterTheImplementation() {
        PlanDraft plan = GoalPlanner.decompose(goal(List.of("apps/api/src/tools.ts", "apps/web/src/Tools.tsx",
                "apps/api/test/tools.test.ts", "docs/mcp.md", "apps/api/src/index.ts", "pom.xml"), Goal.Ordering.WAVE,
                null), "document-every-mcp-tool");

        assertThat(plan.subtasks()).extracting(SubtaskDraft::title).containsExactly("Implement apps/api",
                "Implement apps/web", "Implement the top-level files", "Test apps/api", "Document docs",
                "Verify the acceptance criteria");
        assertThat(plan.subtasks()).extracting(SubtaskDraft::capabilityHint).containsExactly("api_work", "ui_work",
                "infra_work", "test_work", "doc_work", "test_work");
        assertThat(plan.subtasks().get(0).fileScope()).containsExactly("apps/api/src/tools.ts",
                "apps/api/src/index.ts");
        assertThat(plan.subtasks().get(0).dependsOn()).isEmpty();
        assertThat(plan.subtasks().get(3).dependsOn()).containsExactly(0, 1, 2);
        assertThat(plan.subtasks().get(4).dependsOn()).containsExactly(0, 1, 2);
        assertThat(plan.subtasks().get(5).dependsOn()).containsExactly(0, 1, 2, 3, 4);
        assertThat(plan.subtasks().get(5).finalizer()).isTrue();
        assertThat(plan.subtasks().get(5).description()).isEqualTo("Check: Each tool has a section");
        assertThat(plan.autoArchive()).isTrue();
        assertThat(PlanShape.of(plan.subtasks()).errors()).as("a valid plan by construction").isEmpty();
    }

    @Test
    void serialOrderingChainsEverySubtaskAndAFinalizerTextBecomesTheCheck() {
        PlanDraft plan = GoalPlanner.decompose(goal(List.of("a/x.java", "b/y.java", "c/z.java"),
                Goal.Ordering.SERIAL, "docs coverage is tested"), "s");

        assertThat(plan.subtasks()).extracting(SubtaskDraft::dependsOn).containsExactly(List.of(), List.of(0),
                List.of(1), List.of(0, 1, 2));
        assertThat(plan.subtasks().get(3).title()).isEqualTo("Verify: docs coverage is tested");
        assertThat(GoalPlanner.decompose(goal(List.of(), Goal.Ordering.WAVE, "Release 1.2"), "s").subtasks())
                .extracting(SubtaskDraft::title).containsExactly("Implement Document every MCP tool!", "Release 1.2");
    }

    @Test
    void manyModulesAreMergedToFitTwentySubtasksAndTooManyFilesAreRefused() {
        List<String> files = new ArrayList<>();
        for (int module = 0; module < 30; module++) {
            files.add("m" + module + "/File.java");
        }
        PlanDraft plan = GoalPlanner.decompose(goal(files, Goal.Ordering.WAVE, null), "many");

        assertThat(plan.subtasks()).hasSize(20);
        assertThat(plan.subtasks().stream().mapToInt(s -> s.fileScope().size()).sum()).as("no file lost")
                .isEqualTo(30);
        List<String> huge = new ArrayList<>();
        for (int module = 0; module < 20; module++) {
            for (int file = 0; file < 50; file++) {
                huge.add("m" + module + "/F" + file + ".java");
            }
        }
        assertThatThrownBy(() -> GoalPlanner.decompose(goal(huge, Goal.Ordering.WAVE, null), "huge"))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("affected_files");
                });
    }

    @Test
    void slugsAreKebabCaseAndBounded() {
        assertThat(GoalPlanner.slugOf("Document every MCP tool!", 60)).isEqualTo("document-every-mcp-tool");
        assertThat(GoalPlanner.slugOf("  ***  ", 60)).isEqualTo("goal");
        assertThat(GoalPlanner.slugOf("a very long title indeed", 12)).isEqualTo("a-very-long");
    }
}
