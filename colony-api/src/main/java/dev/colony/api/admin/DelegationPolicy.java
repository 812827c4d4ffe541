package dev.colony.api.admin;

import dev.colony.api.ColonyException;
import dev.colony.spi.storage.DelegationRecords.StoredPolicy;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The store's delegation policy, as its owner sees it (what {@code colony delegation} shows and changes): per
 * delegating agent type, the agent types it may delegate runs to ({@code shell} for shell commands). It lives in the
 * store, so every process of the store enforces the same one; without one every agent may delegate to every agent.
 */
public interface DelegationPolicy {

    /** The store's policy, if it has one. */
    Optional<StoredPolicy> current();

    /**
     * Makes {@code policy} the store's, whatever it had.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code members} for a blank or overlong agent name
     */
    StoredPolicy set(Map<String, Set<String>> policy);

    /** Removes the store's policy, so that every agent may delegate to every agent; whether there was one. */
    boolean clear();

    /** A policy as one line: {@code claude=codex,shell; codex=claude}, or a sentence when it lets nobody delegate. */
    static String describe(Map<String, Set<String>> members) {
        return members.isEmpty() ? "(nobody may delegate)" : members.entrySet().stream().map(entry -> entry.getKey()
                + "=" + String.join(",", entry.getValue())).collect(Collectors.joining("; "));
    }
}
