package dev.colony.core.internal.run;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.DelegationPolicy;
import dev.colony.api.session.AgentTypes;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.DelegationRecords.StoredPolicy;
import dev.colony.spi.storage.StorageTransaction;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The store's delegation policy (what {@code colony delegation} shows and changes): per delegating agent type, the
 * agent types it may delegate runs to, {@value #SHELL} for shell commands. It lives in the store, so every process
 * of the store enforces the same one, read in the transaction of each spawn; without one every agent may delegate
 * to every agent. A process may declare the policy it expects when it opens: the first declaration sets it, the
 * same one again changes nothing, and a different one is refused, so that two servers never disagree silently.
 * Whoever can open the store may change its policy; like {@code --user}, it protects agents from each other's
 * mistakes, not from each other's malice.
 */
public final class Delegation implements DelegationPolicy {

    /** The member that lets an agent spawn shell runs. */
    public static final String SHELL = "shell";
    /** The command that changes a store's policy, named in the errors that need it. */
    public static final String COMMAND = "colony delegation";
    private static final int MAX_AGENT_CHARS = 100;

    private final Kernel kernel;

    /** The policy of {@code kernel}'s store. */
    public Delegation(Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @Override
    public Optional<StoredPolicy> current() {
        return kernel.storage().read(tx -> tx.delegation().find());
    }

    @Override
    public StoredPolicy set(Map<String, Set<String>> policy) {
        Map<String, Set<String>> members = normalized(policy);
        return kernel.storage().write(tx -> tx.delegation().save(members, kernel.time().now()));
    }

    @Override
    public boolean clear() {
        return kernel.storage().write(tx -> tx.delegation().clear());
    }

    /**
     * Declares the policy this process expects: sets it when the store has none, accepts it when the store's is the
     * same, and refuses it otherwise.
     *
     * @throws ColonyException {@code POLICY_CONFLICT} when the store keeps another policy (the message shows both
     *     and names {@value #COMMAND}); {@code INVALID_ARGUMENT} as {@link #set}
     */
    public StoredPolicy declare(Map<String, Set<String>> policy) {
        Map<String, Set<String>> members = normalized(policy);
        return kernel.storage().write(tx -> {
            Optional<StoredPolicy> kept = tx.delegation().find();
            if (kept.isEmpty()) {
                return tx.delegation().save(members, kernel.time().now());
            }
            if (!kept.get().members().equals(members)) {
                throw new ColonyException(ErrorCode.POLICY_CONFLICT, "this process declares the delegation policy "
                        + DelegationPolicy.describe(members) + ", but its store keeps "
                        + DelegationPolicy.describe(kept.get().members()) + "; change the store's with '" + COMMAND
                        + " --set ...' or '" + COMMAND + " --clear', or declare the same");
            }
            return kept.get();
        });
    }

    /**
     * Refuses, inside the transaction that records a run, a delegation the store's policy does not allow.
     *
     * @param target the agent type delegated to, or {@value #SHELL}
     * @param field the argument that names the target
     * @throws ColonyException {@code NOT_A_MEMBER} naming {@code field}
     */
    static void require(StorageTransaction tx, String delegator, String target, String field) {
        Optional<StoredPolicy> policy = tx.delegation().find();
        if (policy.isPresent() && !policy.get().members().getOrDefault(delegator, Set.of()).contains(target)) {
            throw ColonyException.about(ErrorCode.NOT_A_MEMBER, field, "agent " + delegator + " may not "
                    + (target.equals(SHELL) ? "run shell commands" : "delegate to " + target) + ": the store's "
                    + "delegation policy does not name " + target + " among its members");
        }
    }

    /** {@code policy} by agent type, agents with nobody to delegate to left out. */
    static Map<String, Set<String>> normalized(Map<String, Set<String>> policy) {
        if (policy == null) {
            throw ColonyException.invalid("members", "is required");
        }
        Map<String, Set<String>> members = new TreeMap<>();
        policy.forEach((agent, allowed) -> {
            Set<String> types = new TreeSet<>();
            for (String member : allowed == null ? Set.<String>of() : allowed) {
                types.add(type(member));
            }
            if (!types.isEmpty()) {
                members.merge(type(agent), types, (first, second) -> {
                    first.addAll(second);
                    return first;
                });
            }
        });
        members.replaceAll((agent, types) -> Collections.unmodifiableSet(types));
        return Collections.unmodifiableMap(members);
    }

    private static String type(String agent) {
        if (agent == null || agent.isBlank() || agent.length() > MAX_AGENT_CHARS) {
            throw ColonyException.invalid("members", "must name agents of 1 to " + MAX_AGENT_CHARS
                    + " characters, was " + Echo.quoted(agent));
        }
        String type = AgentTypes.of(agent);
        if (type.isEmpty()) {
            throw ColonyException.invalid("members", "must name agents, was " + Echo.quoted(agent));
        }
        return type;
    }
}
