package dev.colony.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.claim.ClaimTools;
import dev.colony.tool.collection.CollectionTools;
import dev.colony.tool.example.ExampleTools;
import dev.colony.tool.lane.LaneTools;
import dev.colony.tool.memory.MemoryTools;
import dev.colony.tool.message.MessageTools;
import dev.colony.tool.metric.MetricTools;
import dev.colony.tool.plan.PlanTools;
import dev.colony.tool.profile.ProfileTools;
import dev.colony.tool.proposal.ProposalTools;
import dev.colony.tool.rescue.RescueTools;
import dev.colony.tool.run.RunTools;
import dev.colony.tool.runtime.RuntimeTools;
import dev.colony.tool.signal.SignalTools;
import dev.colony.tool.spec.SpecTools;
import dev.colony.tool.task.TaskFeedTool;
import dev.colony.tool.task.TaskTools;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A part of the tool surface an operator mounts by name ({@code --toolsets memory,coordination} or
 * {@code COLONY_TOOLSETS}); a server mounts {@link #defaults()} unless told otherwise. Every tool belongs to exactly
 * one toolset, so the toolsets together are the whole surface.
 *
 * <p>The parts follow what a person sets an agent up for, not the packages: {@link #MEMORY} is what a
 * memory-only client needs (and fits a client that mounts few tools); {@link #COORDINATION} is everything
 * sessions on the same code use to work side by side; {@link #PLANS} splits work among agents; {@link #RUNS}
 * delegates it; {@link #COLLECTIONS} shares memory with other users (a signal travels only inside a collection,
 * so the two come together); {@link #METRICS} accounts for the calls; {@link #SPEC} works on a repository's spec
 * files and examples.
 */
public enum Toolset {

    /** Search, read, write, edit and forget memories; sessions, the briefing and the task feed. */
    MEMORY("memory", "memories: search, read, add, edit, forget; sessions, the briefing, the task feed"),
    /** Shared collections and the signals that point their members at memories. */
    COLLECTIONS("collections", "collections shared with other users, and signals to their members"),
    /** Task threads, messages, file claims and batons, lanes and the attention inbox, rescue. */
    COORDINATION("coordination", "task threads, messages, file claims, handoffs and relays, lanes, inbox, rescue"),
    /** Plans with claimable sub-tasks, the ready queue and autopilot, agent profiles, proposals. */
    PLANS("plans", "plans of claimable sub-tasks, ready work, autopilot, agent profiles, proposals"),
    /** Delegated runs: spawn, take, await, ask the user, kill. */
    RUNS("runs", "delegated runs: spawn, take, await, ask the user, kill"),
    /** The caller's own tool use and its cost. */
    METRICS("metrics", "your tool calls, their tokens and cost"),
    /**
     * A repository's {@code SPEC.md}, its changes and build support, and the example projects foraged from it.
     * Its tools write files into the repositories they are given, outside the store, so a server mounts it only
     * when the operator names it (see {@link #defaults()}).
     */
    SPEC("spec", "a repository's SPEC.md and its changes, build context, foraged examples (writes repo files)");

    /** The value that names every toolset. */
    public static final String ALL = "all";
    /** The value that names the toolsets a server mounts when told nothing: {@link #defaults()}. */
    public static final String DEFAULT = "default";

    private final String id;
    private final String summary;

    Toolset(String id, String summary) {
        this.id = id;
        this.summary = summary;
    }

    /** The name an operator writes. */
    public String id() {
        return id;
    }

    /** What the toolset holds, in a line. */
    public String summary() {
        return summary;
    }

    /**
     * The tools of this toolset, in the order {@code tools/list} shows them; a server that runs no shell
     * commands ({@code shell} false) lists none of what only serves them.
     */
    public List<ToolSpec<?, ?>> tools(boolean shell) {
        return switch (this) {
            case MEMORY -> join(MemoryTools.ALL, List.of(TaskFeedTool.SPEC));
            case COLLECTIONS -> join(CollectionTools.ALL, SignalTools.ALL);
            case COORDINATION -> join(TaskTools.ALL.stream().filter(spec -> spec != TaskFeedTool.SPEC).toList(),
                    MessageTools.ALL, ClaimTools.ALL, LaneTools.ALL, RuntimeTools.ALL, RescueTools.ALL);
            case PLANS -> join(PlanTools.ALL, ProfileTools.ALL, ProposalTools.ALL);
            case RUNS -> RunTools.of(shell);
            case METRICS -> MetricTools.ALL;
            case SPEC -> join(SpecTools.ALL, ExampleTools.ALL);
        };
    }

    /**
     * The toolsets a server mounts when the operator names none: every one but {@link #SPEC}, whose tools write
     * outside the store and so are off until the operator turns them on ({@code --toolsets default,spec}).
     */
    public static Set<Toolset> defaults() {
        return EnumSet.complementOf(EnumSet.of(SPEC));
    }

    /** Whether a server mounts this toolset when told nothing. */
    public boolean byDefault() {
        return this != SPEC;
    }

    /** The tools of {@code toolsets}, toolset by toolset in declaration order, whatever order the set has. */
    public static List<ToolSpec<?, ?>> tools(Set<Toolset> toolsets, boolean shell) {
        List<ToolSpec<?, ?>> tools = new ArrayList<>();
        for (Toolset toolset : values()) {
            if (toolsets.contains(toolset)) {
                tools.addAll(toolset.tools(shell));
            }
        }
        return List.copyOf(tools);
    }

    /** The toolset that holds the tool named {@code name}, with or without shell runs. */
    public static Optional<Toolset> of(String name) {
        return Arrays.stream(values())
                .filter(toolset -> Stream.of(true, false).anyMatch(shell -> toolset.tools(shell).stream()
                        .anyMatch(spec -> spec.name().equals(name))))
                .findFirst();
    }

    /**
     * The toolsets a comma-separated list names ({@code memory,runs}, or {@value #ALL}); names are matched
     * without regard to case or surrounding blanks.
     *
     * @param field the option or environment variable the list came from, named in a refusal
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} when a name is no toolset or the list
     *     names none; the message lists the valid names
     */
    public static Set<Toolset> parse(String list, String field) {
        Set<Toolset> named = EnumSet.noneOf(Toolset.class);
        for (String part : list.split(",", -1)) {
            String name = part.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals(ALL)) {
                named.addAll(EnumSet.allOf(Toolset.class));
                continue;
            }
            if (name.equals(DEFAULT)) {
                named.addAll(defaults());
                continue;
            }
            named.add(Arrays.stream(values()).filter(toolset -> toolset.id.equals(name)).findFirst()
                    .orElseThrow(() -> ColonyException.invalid(field, "no toolset is named " + Echo.quoted(part.strip())
                            + "; the toolsets are " + names() + " (or " + ALL + ", " + DEFAULT + ")")));
        }
        if (named.isEmpty()) {
            throw ColonyException.invalid(field, "names no toolset; the toolsets are " + names() + " (or " + ALL + ", " + DEFAULT
                    + ")");
        }
        return named;
    }

    /** The names of every toolset, comma-separated. */
    public static String names() {
        return Arrays.stream(values()).map(Toolset::id).collect(Collectors.joining(", "));
    }

    /** {@code toolsets} as a log or a person reads it: {@code all toolsets}, or {@code toolsets memory, runs}. */
    public static String describe(Collection<Toolset> toolsets) {
        if (toolsets.containsAll(EnumSet.allOf(Toolset.class))) {
            return "all toolsets";
        }
        if (toolsets.size() == defaults().size() && toolsets.containsAll(defaults())) {
            return "the default toolsets";
        }
        return (toolsets.size() == 1 ? "toolset " : "toolsets ")
                + Arrays.stream(values()).filter(toolsets::contains).map(Toolset::id).collect(Collectors.joining(", "));
    }

    @SafeVarargs
    private static List<ToolSpec<?, ?>> join(List<ToolSpec<?, ?>>... parts) {
        List<ToolSpec<?, ?>> tools = new ArrayList<>();
        for (List<ToolSpec<?, ?>> part : parts) {
            tools.addAll(part);
        }
        return List.copyOf(tools);
    }
}
