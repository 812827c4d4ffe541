package dev.colony.api.briefing;

import java.util.List;
import java.util.Map;

/**
 * What the newest memories are about: their projects (macro topics) with memory and active-task counts,
 * their most frequent topics, and how many there are of each type.
 *
 * @param sampled how many memories it was drawn from (at most {@link Briefing#LANDSCAPE_SAMPLE}, newest first)
 * @param macroTopics the macro topics, most memories first
 * @param topics the most frequent topics, most memories first
 * @param types memories per type, by type name
 */
public record TopicLandscape(int sampled, List<MacroTopic> macroTopics, List<TopicCount> topics,
        Map<String, Integer> types) {

    /** Copies the components. */
    public TopicLandscape {
        macroTopics = List.copyOf(macroTopics);
        topics = List.copyOf(topics);
        types = Map.copyOf(types);
    }

    /**
     * One macro topic.
     *
     * @param name the macro topic
     * @param memories how many sampled memories carry it
     * @param activeTasks how many of them are tasks not done
     */
    public record MacroTopic(String name, int memories, int activeTasks) {
    }

    /**
     * One topic.
     *
     * @param topic the topic
     * @param memories how many sampled memories carry it
     */
    public record TopicCount(String topic, int memories) {
    }
}
