package dev.colony.spi.storage;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The store's delegation policy: which agent types may delegate runs to which. One policy per store, so that every
 * process of it enforces the same one; without one, every agent may delegate to every agent. Writes must run in a
 * write transaction.
 */
public interface DelegationRecords {

    /** The policy, if one is set. */
    Optional<StoredPolicy> find();

    /** Sets {@code members} as the store's policy, replacing any; returns it as stored. */
    StoredPolicy save(Map<String, Set<String>> members, Instant at);

    /** Removes the policy; whether there was one. */
    boolean clear();

    /**
     * A policy as stored.
     *
     * @param members per delegating agent type, the agent types it may delegate to (sorted; no empty set)
     * @param setAt when it was set
     */
    record StoredPolicy(Map<String, Set<String>> members, Instant setAt) {

        /** Copies the members, sorted, leaving out agents with nobody to delegate to. */
        public StoredPolicy {
            Map<String, Set<String>> copy = new TreeMap<>();
            members.forEach((agent, allowed) -> {
                if (!allowed.isEmpty()) {
                    copy.put(agent, Collections.unmodifiableSet(new TreeSet<>(allowed)));
                }
            });
            members = Collections.unmodifiableMap(copy);
            Objects.requireNonNull(setAt, "setAt");
        }
    }
}
