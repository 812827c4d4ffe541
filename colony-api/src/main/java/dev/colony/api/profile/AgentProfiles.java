package dev.colony.api.profile;

import dev.colony.api.ColonyException;
import java.util.List;
import java.util.Map;

/** The caller's agent profiles: one per agent type of the caller's user. */
public interface AgentProfiles {

    /** The kinds of work every profile weighs. */
    List<String> STANDARD_CAPABILITIES = List.of("ui_work", "api_work", "test_work", "infra_work", "doc_work");
    /** The weight of a kind of work nobody set. */
    double DEFAULT_WEIGHT = 0.5;
    /** The most kinds of work a profile names. */
    int MAX_CAPABILITIES = 32;

    /** The profile of {@code agent} (defaults for an agent nobody described). */
    AgentProfile get(String agent);

    /**
     * Sets some weights of {@code agent}'s profile; the others keep their value (or the default).
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code capabilities} for a weight outside [0, 1] or
     *     a name that is not a lowercase word, or {@code agent} for a bad agent name
     */
    AgentProfile upsert(String agent, Map<String, Double> capabilities);

    /**
     * The agent types that could take work on {@code files} now, best fit first: the types of the caller's
     * user's live sessions (the caller's own session left out), ranked by their weight for the kind of work the
     * files ask for most, then by how many sessions are live. For the {@code suggested_candidates} of a handoff
     * addressed to any agent.
     *
     * @param limit the most candidates, at least 1
     */
    List<HandoffCandidate> candidatesFor(List<String> files, int limit);
}
