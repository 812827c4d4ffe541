package dev.colony.api.task;

import java.time.Instant;

/**
 * Which tasks a feed holds; every part is optional.
 *
 * @param since only tasks updated after this, or {@code null} for all
 * @param status only tasks with this status, or {@code null} for all
 * @param topic only tasks with this topic, or {@code null}
 * @param collection only the tasks of this collection (by slug), {@link #PERSONAL} for only the caller's
 *     personal tasks, or {@code null} for the personal namespace and every collection
 * @param limit the most tasks, 1 to {@link #MAX_LIMIT}
 */
public record TaskFeedQuery(Instant since, TaskStatus status, String topic, String collection, int limit) {

    /** The number of tasks when none is asked for. */
    public static final int DEFAULT_LIMIT = 32;
    /** The most tasks one feed returns. */
    public static final int MAX_LIMIT = 500;
    /** The collection name that selects the caller's personal tasks only. */
    public static final String PERSONAL = "personal";

    /** Every task, the default number. */
    public static TaskFeedQuery all() {
        return new TaskFeedQuery(null, null, null, null, DEFAULT_LIMIT);
    }

    /** This query, for tasks updated after {@code instant}. */
    public TaskFeedQuery since(Instant instant) {
        return new TaskFeedQuery(instant, status, topic, collection, limit);
    }

    /** This query, for tasks with {@code value}. */
    public TaskFeedQuery withStatus(TaskStatus value) {
        return new TaskFeedQuery(since, value, topic, collection, limit);
    }

    /** This query, for tasks with topic {@code value}. */
    public TaskFeedQuery withTopic(String value) {
        return new TaskFeedQuery(since, status, value, collection, limit);
    }

    /** This query, for the tasks of collection {@code slug} (or {@link #PERSONAL}). */
    public TaskFeedQuery in(String slug) {
        return new TaskFeedQuery(since, status, topic, slug, limit);
    }

    /** This query, returning at most {@code value} tasks. */
    public TaskFeedQuery withLimit(int value) {
        return new TaskFeedQuery(since, status, topic, collection, value);
    }
}
