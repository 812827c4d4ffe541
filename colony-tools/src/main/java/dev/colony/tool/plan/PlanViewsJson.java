package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanValidation.ClaimCollision;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.tool.Nullable;
import java.util.List;
import java.util.Map;

/** Plans and sub-tasks as the plan tools return them: compact rows unless the caller asks for sub-tasks. */
public final class PlanViewsJson {

    private PlanViewsJson() {
    }

    /**
     * A file of the plan held by another session.
     *
     * @param subtaskIndex the sub-task naming it
     * @param filePath the file
     * @param taskId the thread the claim is on
     * @param sessionId the holding session
     * @param agent its agent
     */
    public record Collision(int subtaskIndex, String filePath, long taskId, String sessionId, String agent) {

        static Collision of(ClaimCollision collision) {
            return new Collision(collision.subtask(), collision.file(), collision.task().value(),
                    collision.session().value(), collision.agent());
        }
    }

    /**
     * How many sub-tasks are in each status.
     *
     * @param available claimable once their dependencies are done
     * @param claimed being worked on
     * @param completed done
     * @param blocked stopped with a reason
     */
    public record Counts(int available, int claimed, int completed, int blocked) {

        static Counts of(Plan plan) {
            Map<SubtaskStatus, Integer> counts = plan.counts();
            return new Counts(counts.get(SubtaskStatus.AVAILABLE), counts.get(SubtaskStatus.CLAIMED),
                    counts.get(SubtaskStatus.COMPLETED), counts.get(SubtaskStatus.BLOCKED));
        }
    }

    /**
     * One sub-task, in full.
     *
     * @param subtaskIndex its index
     * @param title what it achieves
     * @param status available, claimed, completed or blocked
     * @param wave its wave
     * @param taskId its thread
     * @param branch its thread's branch
     * @param fileScope its files
     * @param dependsOn what it waits for
     * @param capabilityHint its kind of work
     * @param claimedByAgent who works on it (or completed it)
     * @param claimedBySessionId that agent's session
     * @param blockedReason why it is blocked
     * @param blockedBy blocked sub-tasks it waits for, directly or not
     * @param specRowId the spec row it carries out
     */
    public record SubtaskRow(int subtaskIndex, String title, String status, int wave, long taskId, String branch,
            List<String> fileScope,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Integer> dependsOn,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String capabilityHint,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String claimedByAgent,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String claimedBySessionId,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String blockedReason,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Integer> blockedBy,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String specRowId) {

        static SubtaskRow of(Plan plan, Subtask subtask) {
            return new SubtaskRow(subtask.index(), subtask.title(), subtask.status().wireName(), subtask.wave(),
                    subtask.task().value(), subtask.branch(), subtask.fileScope(), subtask.dependsOn(),
                    subtask.capabilityHint(), subtask.claimedByAgent(), subtask.claimedBy() == null ? null
                            : subtask.claimedBy().value(), subtask.blockedReason(), plan.blockedBy(subtask.index()),
                    subtask.specRowId());
        }
    }

    /**
     * One plan.
     *
     * @param planSlug its slug
     * @param repoRoot its repository
     * @param specTaskId its own thread
     * @param registryStatus open or archived
     * @param title what it achieves
     * @param createdAt when it was published (epoch ms)
     * @param subtaskCounts sub-tasks by status
     * @param nextAvailable the sub-tasks one may claim now
     * @param blocked blocked sub-tasks and what waits on them, as {@code "2 <- [3, 4]"}
     * @param subtasks every sub-task in full, when asked for
     */
    public record PlanRow(String planSlug, String repoRoot, long specTaskId, String registryStatus, String title,
            long createdAt, Counts subtaskCounts, List<Integer> nextAvailable,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> blocked,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) List<SubtaskRow> subtasks) {

        static PlanRow of(Plan plan, boolean withSubtasks) {
            List<String> blocked = plan.subtasks().stream().filter(s -> s.status() == SubtaskStatus.BLOCKED)
                    .map(s -> s.index() + " <- " + plan.subtasks().stream()
                            .filter(other -> plan.blockedBy(other.index()).contains(s.index()))
                            .map(Subtask::index).toList()).toList();
            return new PlanRow(plan.slug(), plan.repoRoot(), plan.specTask().value(), plan.status().wireName(),
                    plan.title(), plan.createdAt().toEpochMilli(), Counts.of(plan),
                    plan.nextAvailable().stream().map(Subtask::index).toList(), blocked,
                    withSubtasks ? plan.subtasks().stream().map(subtask -> SubtaskRow.of(plan, subtask)).toList()
                            : null);
        }
    }
}
