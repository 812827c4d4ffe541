package dev.colony.tool.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.Clustering;
import dev.colony.api.memory.MemoryStore;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Between;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import java.util.List;

/**
 * {@code cluster_observations}: groups selected memories by meaning, so that an agent sees which of
 * them say the same thing and reads one per group.
 */
public final class ClusterObservationsTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Ids of the memories to group.", required = true)
            @Size(min = 1, max = MemoryStore.MAX_CLUSTER_IDS)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) List<Long> ids,
            @Param(value = "Cosine similarity that links two memories.",
                    defaultValue = "" + MemoryStore.DEFAULT_CLUSTER_THRESHOLD)
            @Between(min = 0.01, max = 1.0) double threshold) {
    }

    /**
     * One group: its earliest memory and all of its members.
     *
     * @param canonicalId the earliest memory, the one to read or keep
     * @param ids every member, canonical first
     * @param size how many members
     */
    public record Group(long canonicalId, List<Long> ids, int size) {
    }

    /** The groups, how many memories stand alone, those without a vector, and what to do next. */
    public record Result(List<Group> clusters, int singletons, List<Long> withoutVector, double threshold,
            String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("cluster_observations",
            "Group memories by meaning",
            "Group memories whose embeddings are at least threshold similar (single linkage), each group named by "
                    + "its earliest memory: spots duplicates before reading.",
            Args.class, Result.class, ClusterObservationsTool::cluster);

    private ClusterObservationsTool() {
    }

    private static Result cluster(ToolContext context, Args args) {
        Clustering clustering = context.memories().cluster(args.ids().stream().map(MemoryId::of).toList(),
                args.threshold());
        List<Group> groups = clustering.clusters().stream().map(cluster -> new Group(cluster.canonical().value(),
                cluster.members().stream().map(MemoryId::value).toList(), cluster.members().size())).toList();
        return new Result(groups, clustering.singletons(),
                clustering.withoutVector().stream().map(MemoryId::value).toList(), clustering.threshold(),
                groups.isEmpty() ? "No two memories are that close: lower threshold to group looser ones."
                        : "Read each group's canonical_id with get_observations; the other members say much the same.");
    }
}
