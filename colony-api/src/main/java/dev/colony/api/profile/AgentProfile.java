package dev.colony.api.profile;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An agent type's capabilities.
 *
 * @param agent the agent type
 * @param capabilities the weight of every kind of work, in [0, 1]: the standard ones always, and any other
 *     kind the profile names
 * @param defaults the kinds whose weight is the default because nobody set it
 */
public record AgentProfile(String agent, Map<String, Double> capabilities, List<String> defaults) {

    /** Checks the agent and copies the rest. */
    public AgentProfile {
        Objects.requireNonNull(agent, "agent");
        capabilities = Map.copyOf(capabilities);
        defaults = List.copyOf(defaults);
    }

    /** The weight of {@code capability}: its own, else the default. */
    public double weight(String capability) {
        return capabilities.getOrDefault(capability, AgentProfiles.DEFAULT_WEIGHT);
    }
}
