package dev.colony.api.run;

import dev.colony.api.ColonyException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a Colony runs delegated work.
 *
 * @param maxConcurrent the most runs in progress at once, across every process of the store (1 to 1,000)
 * @param outputDirectory the private directory shell runs write their output to (created 0700 on first use; refused
 *     when anyone else could write to it or to a directory above it), or {@code null} when this Colony executes no
 *     shell runs (spawning one is then {@code UNAVAILABLE})
 * @param members the delegation policy this Colony declares to its store when it opens, or {@code null} to declare
 *     none. The policy is the store's, enforced by every process of it: per delegating agent, the agents it may
 *     delegate to ({@code shell} for shell commands; names count by their agent type, as sessions' agents do:
 *     {@code claude-code} is {@code claude}); an agent absent from it, or with an empty set, may not delegate at all
 *     ({@code NOT_A_MEMBER}). Without a stored policy every agent may delegate to every agent. A store that keeps
 *     another policy refuses the declaration ({@code POLICY_CONFLICT})
 * @param agentRunners the agents this Colony executes in-process, by agent name (counted by agent type)
 * @param shell whether and how shell runs execute (off by default)
 * @param maxTimeout the longest timeout a run may have, 1 second to {@link Runs#MAX_TIMEOUT}
 */
public record RunSettings(int maxConcurrent, Path outputDirectory, Map<String, Set<String>> members,
        Map<String, AgentRunner> agentRunners, ShellSettings shell, Duration maxTimeout) {

    /** The largest {@link #maxConcurrent} a Colony accepts. */
    public static final int MAX_CONCURRENT_LIMIT = 1_000;

    /** Checks the components and copies the members. */
    public RunSettings {
        if (maxConcurrent < 1 || maxConcurrent > MAX_CONCURRENT_LIMIT) {
            throw ColonyException.invalid("max_concurrent", "must be 1 to " + MAX_CONCURRENT_LIMIT + ", was "
                    + maxConcurrent);
        }
        if (outputDirectory != null) {
            outputDirectory = outputDirectory.toAbsolutePath().normalize();
        }
        if (members != null) {
            Map<String, Set<String>> copy = new TreeMap<>();
            members.forEach((agent, allowed) -> copy.put(agent, Set.copyOf(new TreeSet<>(allowed))));
            members = Map.copyOf(copy);
        }
        agentRunners = Map.copyOf(agentRunners);
        Objects.requireNonNull(shell, "shell");
        Objects.requireNonNull(maxTimeout, "maxTimeout");
        if (maxTimeout.compareTo(Duration.ofSeconds(1)) < 0 || maxTimeout.compareTo(Runs.MAX_TIMEOUT) > 0) {
            throw ColonyException.invalid("max_timeout", "must be 1 second to " + Runs.MAX_TIMEOUT.toHours()
                    + " hours, was " + maxTimeout.toSeconds() + " s");
        }
    }

    /**
     * Four slots, shell runs off, no policy declared, no agent executed in-process, timeouts up to
     * {@link Runs#DEFAULT_MAX_TIMEOUT}.
     */
    public static RunSettings defaults() {
        return new RunSettings(Runs.DEFAULT_MAX_CONCURRENT, null, null, Map.of(), ShellSettings.off(),
                Runs.DEFAULT_MAX_TIMEOUT);
    }

    /** These settings with {@code value} slots. */
    public RunSettings withMaxConcurrent(int value) {
        return new RunSettings(value, outputDirectory, members, agentRunners, shell, maxTimeout);
    }

    /** These settings with shell runs' output in {@code directory} (shell runs still need {@link #withShell}). */
    public RunSettings withOutputDirectory(Path directory) {
        return new RunSettings(maxConcurrent, directory, members, agentRunners, shell, maxTimeout);
    }

    /** These settings declaring {@code policy} as the store's whole delegation policy. */
    public RunSettings withMembers(Map<String, Set<String>> policy) {
        return new RunSettings(maxConcurrent, outputDirectory, policy, agentRunners, shell, maxTimeout);
    }

    /** These settings executing shell runs as {@code value} says. */
    public RunSettings withShell(ShellSettings value) {
        return new RunSettings(maxConcurrent, outputDirectory, members, agentRunners, value, maxTimeout);
    }

    /** These settings allowing timeouts up to {@code value}. */
    public RunSettings withMaxTimeout(Duration value) {
        return new RunSettings(maxConcurrent, outputDirectory, members, agentRunners, shell, value);
    }

    /** These settings executing the runs addressed to {@code agent} in-process with {@code runner}. */
    public RunSettings withAgentRunner(String agent, AgentRunner runner) {
        Map<String, AgentRunner> more = new TreeMap<>(agentRunners);
        more.put(Objects.requireNonNull(agent, "agent"), Objects.requireNonNull(runner, "runner"));
        return new RunSettings(maxConcurrent, outputDirectory, members, more, shell, maxTimeout);
    }
}
