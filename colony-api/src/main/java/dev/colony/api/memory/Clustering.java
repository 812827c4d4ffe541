package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import java.util.List;
import java.util.Objects;

/**
 * Memories grouped by meaning: each cluster holds memories whose embeddings are linked by cosine
 * similarity at or above the threshold (single linkage: a chain of close pairs joins a cluster), and is
 * named by its earliest memory.
 *
 * @param clusters groups of two or more memories, by ascending canonical id
 * @param singletons how many of the memories asked for stand alone
 * @param withoutVector memories asked for that have no vector of the configured model (not clustered)
 * @param threshold the similarity that linked them
 */
public record Clustering(List<Cluster> clusters, int singletons, List<MemoryId> withoutVector, double threshold) {

    /** Copies the lists. */
    public Clustering {
        clusters = List.copyOf(clusters);
        withoutVector = List.copyOf(withoutVector);
    }

    /**
     * One group of near-duplicate or closely related memories.
     *
     * @param canonical the earliest memory of the group, the one to keep or read first
     * @param members every memory of the group, canonical first, by ascending id
     */
    public record Cluster(MemoryId canonical, List<MemoryId> members) {

        /** Checks that the canonical memory leads its members. */
        public Cluster {
            Objects.requireNonNull(canonical, "canonical");
            members = List.copyOf(members);
            if (members.isEmpty() || !members.get(0).equals(canonical)) {
                throw new IllegalArgumentException("the canonical memory must be the first member");
            }
        }
    }
}
