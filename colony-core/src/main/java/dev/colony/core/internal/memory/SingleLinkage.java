package dev.colony.core.internal.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.Clustering;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Greedy single-linkage clustering of embeddings: every pair at or above the threshold (cosine
 * similarity) is linked, and linked memories fall into one cluster (union-find), named by its earliest
 * memory. Quadratic in the number of memories, which {@code cluster} caps at a few hundred.
 */
final class SingleLinkage {

    private SingleLinkage() {
    }

    /**
     * Clusters {@code ids} (ascending) by their {@code vectors}.
     *
     * @param withoutVector memories that were asked for but have no vector, reported as such
     */
    static Clustering cluster(List<MemoryId> ids, List<float[]> vectors, double threshold,
            List<MemoryId> withoutVector) {
        int n = ids.size();
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (float value : vectors.get(i)) {
                sum += value * value;
            }
            norms[i] = Math.sqrt(sum);
        }
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (norms[i] > 0 && norms[j] > 0 && dot(vectors.get(i), vectors.get(j)) / (norms[i] * norms[j])
                        >= threshold) {
                    union(parent, i, j);
                }
            }
        }
        Map<Integer, List<MemoryId>> groups = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent(root(parent, i), root -> new ArrayList<>()).add(ids.get(i));
        }
        List<Clustering.Cluster> clusters = new ArrayList<>();
        int singletons = 0;
        for (List<MemoryId> members : groups.values()) {
            if (members.size() == 1) {
                singletons++;
            } else {
                clusters.add(new Clustering.Cluster(members.get(0), members));
            }
        }
        clusters.sort((a, b) -> Long.compare(a.canonical().value(), b.canonical().value()));
        return new Clustering(clusters, singletons, withoutVector, threshold);
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** Joins two groups under the root of the earlier memory, so a root is always its group's earliest. */
    private static void union(int[] parent, int i, int j) {
        int a = root(parent, i);
        int b = root(parent, j);
        if (a != b) {
            parent[Math.max(a, b)] = Math.min(a, b);
        }
    }
}
