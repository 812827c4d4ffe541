package dev.colony.api.example;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one forage of a repository did.
 *
 * @param repoRoot the repository's real path, as the examples table keys it
 * @param examples one line per example found or removed, by name
 * @param memoriesWritten the {@value Examples#FORAGED_PATTERN} memories written in all
 */
public record ForageReport(String repoRoot, List<Line> examples, int memoriesWritten) {

    /** Copies the list. */
    public ForageReport {
        Objects.requireNonNull(repoRoot, "repoRoot");
        examples = List.copyOf(examples);
    }

    /** How many examples the scan found in the repository now. */
    public int found() {
        return (int) examples.stream().filter(line -> line.outcome() != Outcome.REMOVED).count();
    }

    /** How many examples ended with {@code outcome}. */
    public int count(Outcome outcome) {
        return (int) examples.stream().filter(line -> line.outcome() == outcome).count();
    }

    /** What became of one example. */
    public enum Outcome {
        /** Seen for the first time. */
        ADDED,
        /** Changed since the last scan: its earlier memories were forgotten and new ones written. */
        UPDATED,
        /** As at the last scan: nothing written. */
        UNCHANGED,
        /** Its directory is gone: its row and memories were removed. */
        REMOVED;

        /** The lowercase name. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One example's outcome.
     *
     * @param exampleName its directory name
     * @param manifestKind its manifest
     * @param outcome what the scan did
     * @param observationCount its memories now (0 once removed)
     */
    public record Line(String exampleName, ManifestKind manifestKind, Outcome outcome, int observationCount) {

        /** Checks the required components. */
        public Line {
            Objects.requireNonNull(exampleName, "exampleName");
            Objects.requireNonNull(manifestKind, "manifestKind");
            Objects.requireNonNull(outcome, "outcome");
        }
    }
}
