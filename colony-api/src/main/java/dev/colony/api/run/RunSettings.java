package dev.colony.api.run;

import dev.colony.api.ColonyException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a Colony runs delegated work.
 *
 * @param maxConcurrent the most runs in progress at once, across every process of the store (1 to 1,000)
 * @param outputDirectory the private directory shell runs write their output to (created 0700 on first use), or
 *     {@code null} when this Colony executes no shell runs (spawning one is then {@code UNAVAILABLE})
 * @param members per delegating agent, the agents it may delegate to (names count by their agent type, as sessions'
 *     agents do: {@code claude-code} is {@code claude}); {@code null} lets every agent
 *     delegate to every agent, while a map given here is the whole policy: an agent absent from it, or with an
 *     empty set, may not delegate at all ({@code NOT_A_MEMBER})
 * @param agentRunners the agents this Colony executes in-process, by agent name (counted by agent type)
 */
public record RunSettings(int maxConcurrent, Path outputDirectory, Map<String, Set<String>> members,
        Map<String, AgentRunner> agentRunners) {

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
    }

    /** Four slots, no shell execution, open delegation, no agent executed in-process. */
    public static RunSettings defaults() {
        return new RunSettings(Runs.DEFAULT_MAX_CONCURRENT, null, null, Map.of());
    }

    /** These settings with {@code value} slots. */
    public RunSettings withMaxConcurrent(int value) {
        return new RunSettings(value, outputDirectory, members, agentRunners);
    }

    /** These settings executing shell runs, with their output in {@code directory}. */
    public RunSettings withOutputDirectory(Path directory) {
        return new RunSettings(maxConcurrent, directory, members, agentRunners);
    }

    /** These settings with {@code policy} as the whole delegation policy. */
    public RunSettings withMembers(Map<String, Set<String>> policy) {
        return new RunSettings(maxConcurrent, outputDirectory, policy, agentRunners);
    }

    /** These settings executing the runs addressed to {@code agent} in-process with {@code runner}. */
    public RunSettings withAgentRunner(String agent, AgentRunner runner) {
        Map<String, AgentRunner> more = new TreeMap<>(agentRunners);
        more.put(Objects.requireNonNull(agent, "agent"), Objects.requireNonNull(runner, "runner"));
        return new RunSettings(maxConcurrent, outputDirectory, members, more);
    }
}
