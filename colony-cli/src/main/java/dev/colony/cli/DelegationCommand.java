package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.admin.DelegationPolicy;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import dev.colony.spi.storage.DelegationRecords.StoredPolicy;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony delegation [--set POLICY | --clear]}: shows, sets or clears the store's delegation policy, the one
 * every process of the store enforces ({@link DelegationPolicy}). A server started with {@code COLONY_MEMBERS}
 * declares its policy when the store has none, and refuses to start when the store keeps another: this command is
 * how the policy changes.
 */
@Command(name = "delegation", mixinStandardHelpOptions = true,
        description = {"Show the store's delegation policy: which agents may delegate runs to which, enforced by "
                + "every server of the store.",
                "--set replaces it (a server started with a different COLONY_MEMBERS then refuses to start); --clear "
                + "removes it, so that every agent may delegate to every agent."})
public final class DelegationCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true)
    Change change;

    /** At most one change. */
    static final class Change {

        @Option(names = "--set", paramLabel = "POLICY",
                description = "The whole policy, as COLONY_MEMBERS writes it: agent=member,member;agent=member "
                        + "(member 'shell' allows shell commands; an agent not named may not delegate).")
        String policy;

        @Option(names = "--clear", description = "Remove the policy: every agent may delegate to every agent.")
        boolean clear;
    }

    @Override
    public Integer call() {
        LaunchSettings settings = parent.settings(store, null);
        PrintWriter out = spec.commandLine().getOut();
        try (Colony colony = change == null ? EmbeddedColony.openExisting(settings) : EmbeddedColony.open(settings)) {
            DelegationPolicy delegation = colony.admin().delegation();
            if (change != null && change.clear) {
                out.println(delegation.clear() ? "Cleared the delegation policy of " + settings.storeLabel()
                        + ": every agent may delegate to every agent."
                        : "The store " + settings.storeLabel() + " has no delegation policy.");
            } else if (change != null) {
                StoredPolicy set = delegation.set(parse(change.policy));
                out.println("The delegation policy of " + settings.storeLabel() + " is now: "
                        + DelegationPolicy.describe(set.members()));
            } else {
                Optional<StoredPolicy> current = delegation.current();
                out.println(current.map(policy -> "Delegation policy of " + settings.storeLabel() + " (set "
                        + policy.setAt() + "): " + DelegationPolicy.describe(policy.members()))
                        .orElse("The store " + settings.storeLabel() + " has no delegation policy: every agent may "
                                + "delegate to every agent."));
            }
            out.flush();
        }
        return 0;
    }

    /** A policy as {@code COLONY_MEMBERS} writes it. */
    private static Map<String, Set<String>> parse(String policy) {
        try {
            return LaunchSettings.parseMembers(policy);
        } catch (ColonyException e) {
            throw ColonyException.invalid("set", "must read agent=member,member;agent=member, was '" + policy + "'");
        }
    }
}
