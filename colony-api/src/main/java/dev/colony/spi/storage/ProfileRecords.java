package dev.colony.spi.storage;

import dev.colony.api.UserId;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Agent profiles: a user's capability weights per agent type. Writes must run in a write transaction. */
public interface ProfileRecords {

    /** The profile of {@code user}'s agent type {@code agent}, if one was saved. */
    Optional<StoredProfile> find(UserId user, String agent);

    /**
     * Saves {@code capabilities} as the profile of {@code user}'s {@code agent}: inserts it when
     * {@code expectedVersion} is 0 and there is none, else replaces it if it is still at {@code expectedVersion}.
     *
     * @return the profile as stored, or empty when another write came first (nothing changed)
     */
    Optional<StoredProfile> save(UserId user, String agent, Map<String, Double> capabilities, long expectedVersion,
            Instant at);

    /**
     * A profile as stored.
     *
     * @param user whose agent it describes
     * @param agent the agent type
     * @param capabilities weight by kind of work
     * @param updatedAt its last change
     * @param version its version
     */
    record StoredProfile(UserId user, String agent, Map<String, Double> capabilities, Instant updatedAt,
            long version) {

        /** Checks the components and copies the weights. */
        public StoredProfile {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(agent, "agent");
            capabilities = Map.copyOf(capabilities);
            Objects.requireNonNull(updatedAt, "updatedAt");
        }
    }
}
