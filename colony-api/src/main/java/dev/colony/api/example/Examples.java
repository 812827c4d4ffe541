package dev.colony.api.example;

import dev.colony.api.memory.SearchHit;
import java.nio.file.Path;
import java.util.List;

/**
 * Example projects foraged from a repository into the caller's personal namespace: {@code examples/<name>/}
 * directories read into {@value #FORAGED_PATTERN} memories and one row each of the examples table. Reading stays
 * inside the example's directory and never follows a link; {@code .env} files are never read and key-like
 * strings are masked before anything is stored. A rescan writes nothing for an unchanged example and replaces
 * the memories of a changed one, in one transaction per example.
 */
public interface Examples {

    /** The kind of the memories foraging writes. */
    String FORAGED_PATTERN = "foraged-pattern";
    /** The most examples one forage reads. */
    int MAX_EXAMPLES = 100;
    /** The most files read in one example; the rest are counted as skipped. */
    int MAX_FILES_PER_EXAMPLE = 400;
    /** Files larger than this many bytes are not read. */
    int MAX_FILE_BYTES = 256 * 1024;
    /** The most memories one example yields. */
    int MAX_MEMORIES_PER_EXAMPLE = 12;
    /** The most hits of one query. */
    int MAX_QUERY_LIMIT = 50;

    /**
     * Reads every example of {@code repoRoot} and records what changed.
     *
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} or {@code NOT_FOUND} naming {@code repo_root}
     *     when it is not an absolute path of a directory without {@code ..}
     */
    ForageReport forage(Path repoRoot);

    /** The caller's foraged examples of {@code repoRoot}, by name. */
    List<ExampleSummary> list(Path repoRoot);

    /**
     * Keyword-ranked hits among the caller's foraged patterns, best first, optionally of one example.
     *
     * @param exampleName only this example's patterns, or {@code null} for all
     * @param limit 1 to {@value #MAX_QUERY_LIMIT}
     */
    List<SearchHit> query(String query, String exampleName, int limit);

    /**
     * A plan to integrate example {@code exampleName} of {@code repoRoot}.
     *
     * @param targetHint the target's build file relative to {@code repoRoot}, or {@code null} for the root's own
     *     manifest of the example's kind
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code example_name} when it was not foraged
     */
    IntegrationPlan integrationPlan(Path repoRoot, String exampleName, String targetHint);
}
