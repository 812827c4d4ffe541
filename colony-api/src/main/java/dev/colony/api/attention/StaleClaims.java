package dev.colony.api.attention;

import java.util.List;

/**
 * A summary of claims that are still held but old: audit history kept apart from live ownership.
 *
 * @param count how many stale or expired claims the readable threads hold
 * @param topBranches the branches holding most of them, most first (at most five)
 */
public record StaleClaims(int count, List<String> topBranches) {

    public StaleClaims {
        topBranches = List.copyOf(topBranches);
    }
}
