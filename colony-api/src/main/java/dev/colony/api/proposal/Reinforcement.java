package dev.colony.api.proposal;

import dev.colony.api.TaskId;

/**
 * What a proposal or reinforcement left behind.
 *
 * @param proposal the proposal's id
 * @param strength its strength now
 * @param promotionThreshold the strength at which it becomes a task
 * @param promoted whether it is promoted (now or before)
 * @param promotedNow whether this very call promoted it
 * @param task its task thread once promoted, else {@code null}
 * @param branch the task thread's branch once promoted, else {@code null}
 */
public record Reinforcement(long proposal, double strength, double promotionThreshold, boolean promoted,
        boolean promotedNow, TaskId task, String branch) {
}
