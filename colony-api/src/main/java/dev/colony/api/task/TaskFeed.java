package dev.colony.api.task;

import dev.colony.api.ColonyException;
import java.util.List;

/**
 * The caller's tasks in the order they changed: "what needs attention now, what changed since yesterday".
 *
 * <p>One timeline across the caller's personal namespace and every collection it belongs to (or one of
 * them), newest change first, with no relevance ranking: tasks written as memories (with their checklist
 * progress) and task threads alike, since both are the same task model. A task whose memory was retracted
 * or has expired leaves the feed.
 */
public interface TaskFeed {

    /**
     * The tasks {@code query} selects, most recently updated first.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code limit}, {@code topic} or {@code collection}
     *     when malformed; {@code NOT_FOUND} naming {@code collection} when the caller does not belong to it
     */
    List<FeedTask> feed(TaskFeedQuery query);
}
