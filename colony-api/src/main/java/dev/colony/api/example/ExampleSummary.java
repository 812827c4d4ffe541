package dev.colony.api.example;

import java.time.Instant;
import java.util.Objects;

/**
 * One foraged example as the examples table keeps it.
 *
 * @param exampleName the directory name under {@code examples/}
 * @param manifestKind the manifest found in it
 * @param observationCount how many memories the last scan wrote for it
 * @param lastScannedAt when it was last read (or found unchanged)
 */
public record ExampleSummary(String exampleName, ManifestKind manifestKind, int observationCount,
        Instant lastScannedAt) {

    /** Checks the required components. */
    public ExampleSummary {
        Objects.requireNonNull(exampleName, "exampleName");
        Objects.requireNonNull(manifestKind, "manifestKind");
        Objects.requireNonNull(lastScannedAt, "lastScannedAt");
    }
}
