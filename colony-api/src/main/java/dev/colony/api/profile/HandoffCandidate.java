package dev.colony.api.profile;

import java.util.Objects;

/**
 * An agent type that could take a broadcast handoff now, and how well it fits the work.
 *
 * @param agent the agent type
 * @param capability the kind of work the handoff's files ask for most, or {@code null} when it names none
 * @param weight the agent type's weight for that kind of work (its profile's, else the default); the mean of its
 *     standard weights when the kind is unknown
 * @param liveSessions how many of its sessions are live (other than the sender's)
 */
public record HandoffCandidate(String agent, String capability, double weight, int liveSessions) {

    /** Checks the required components. */
    public HandoffCandidate {
        Objects.requireNonNull(agent, "agent");
    }
}
