package dev.colony.core.internal.plan;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The refusals that more than one part of the plan registry raises: a sub-task that is not there, not available, or
 * a plan changed under the caller. Each names its field and says what to do instead.
 */
final class PlanErrors {

    private PlanErrors() {
    }

    static ColonyException notAvailable(Plan plan, StoredSubtask subtask) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("status", subtask.status().wireName());
        if (subtask.claimedBy() != null && subtask.status() == SubtaskStatus.CLAIMED) {
            details.put("claimed_by", subtask.claimedBy().value());
            details.put("claimed_agent", subtask.claimedAgent());
        }
        List<Integer> next = PlanViews.indices(plan.nextAvailable());
        details.put("next_available", next);
        return ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug() + "/sub-"
                + subtask.index() + " is " + subtask.status().wireName() + (subtask.blockedReason() == null ? ""
                        : " (" + subtask.blockedReason() + ")") + (next.isEmpty() ? "; nothing else is claimable now"
                                : "; claimable now: " + next), details);
    }

    static ColonyException changed(StoredPlan plan, int index) {
        return new ColonyException(ErrorCode.CONFLICT, "plan " + plan.slug() + (index < 0 ? "" : "/sub-" + index)
                + " changed concurrently; read it again");
    }

    static ColonyException subtaskNotFound(StoredPlan plan, int count, int index) {
        return ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_FOUND, "subtask_index", "plan " + plan.slug()
                + " has sub-tasks 0 to " + (count - 1) + ", not " + index);
    }
}
