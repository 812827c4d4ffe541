package dev.colony.api.message;

import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;

/**
 * Which messages addressed to the caller to list.
 *
 * @param tasks only these task threads, or empty for every thread the caller takes part in
 * @param since only messages sent at or after this instant, or {@code null}
 * @param unreadOnly only unread messages that have not expired (the default inbox); otherwise every
 *     status but retracted, with expired ones shown as expired
 * @param limit the most messages to return, 1 to {@link Messages#MAX_LIST_LIMIT}
 */
public record MessageQuery(List<TaskId> tasks, Instant since, boolean unreadOnly, int limit) {

    /** Copies the task list. */
    public MessageQuery {
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
    }

    /** The default inbox: unread messages across every thread, at most {@link Messages#DEFAULT_LIST_LIMIT}. */
    public static MessageQuery unread() {
        return new MessageQuery(List.of(), null, true, Messages.DEFAULT_LIST_LIMIT);
    }

    /** A copy limited to these task threads. */
    public MessageQuery withTasks(List<TaskId> newTasks) {
        return new MessageQuery(newTasks, since, unreadOnly, limit);
    }

    /** A copy that lists only messages sent at or after {@code instant}. */
    public MessageQuery withSince(Instant instant) {
        return new MessageQuery(tasks, instant, unreadOnly, limit);
    }

    /** A copy that lists read, replied and expired messages too. */
    public MessageQuery withAllStatuses() {
        return new MessageQuery(tasks, since, false, limit);
    }

    /** A copy with this limit. */
    public MessageQuery withLimit(int newLimit) {
        return new MessageQuery(tasks, since, unreadOnly, newLimit);
    }
}
