package dev.colony.core;

import dev.colony.api.TaskId;
import dev.colony.api.session.Session;

/** Task threads for message tests, opened through the task-thread service. */
final class MessageFixtures {

    private MessageFixtures() {
    }

    /** Opens (and joins) the thread of {@code repoRoot} and {@code branch} as {@code owner}; the others join it. */
    static TaskId thread(Colony colony, Session owner, String repoRoot, String branch, Session... others) {
        TaskId task = colony.as(owner.actor()).tasks().open(repoRoot, branch).thread().id();
        for (Session other : others) {
            colony.as(other.actor()).tasks().join(task);
        }
        return task;
    }
}
