package dev.colony.api.briefing;

import dev.colony.api.memory.Memory;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.signal.SignalInbox;
import dev.colony.api.task.FeedTask;
import java.util.List;
import java.util.Objects;

/**
 * What a session should know first.
 *
 * @param behavioral preferences tagged {@code behavioral}, whole, newest first: how the user wants things done
 * @param landscape what the memory is about
 * @param activeTasks tasks that are not done, latest change first
 * @param signals pending signals, newest first, peeked at and left pending
 * @param hits the best search hits for the query given, or none
 */
public record CoreMemories(List<Memory> behavioral, TopicLandscape landscape, List<FeedTask> activeTasks,
        SignalInbox signals, List<SearchHit> hits) {

    /** Checks the components and copies the lists. */
    public CoreMemories {
        behavioral = List.copyOf(behavioral);
        Objects.requireNonNull(landscape, "landscape");
        activeTasks = List.copyOf(activeTasks);
        Objects.requireNonNull(signals, "signals");
        hits = List.copyOf(hits);
    }
}
