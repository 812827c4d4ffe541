package dev.colony.api.briefing;

import dev.colony.api.ColonyException;

/** The caller's briefing: one read that tells a new session what it should know first. */
public interface Briefing {

    /** The most tasks a briefing lists. */
    int MAX_TASKS = 10;
    /** The most signals a briefing lists. */
    int MAX_SIGNALS = 20;
    /** The most hits the piggybacked search returns. */
    int MAX_HITS = 5;
    /** How many of the newest memories the topic landscape is drawn from. */
    int LANDSCAPE_SAMPLE = 2_000;

    /**
     * The caller's core memories: its behavioral preferences, the landscape of its newest memories, its
     * tasks that are not done, and its pending signals, which are peeked at and never consumed. With a
     * {@code query}, the best few search hits for it too.
     *
     * @param query a search to run along, or {@code null}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code query} when it is blank or too long
     */
    CoreMemories coreMemories(String query);
}
