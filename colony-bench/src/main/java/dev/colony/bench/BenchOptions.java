package dev.colony.bench;

import java.nio.file.Path;

/**
 * Settings shared by all scenarios.
 *
 * @param workDir where scenarios create their databases (deleted afterwards)
 * @param rounds how many alternating rounds of subject and baseline to measure
 * @param seed seed of the synthetic data
 * @param pgUrl the PostgreSQL JDBC URL of the {@code *.pg} scenarios, or {@code null} for an embedded server
 */
record BenchOptions(Path workDir, int rounds, long seed, String pgUrl) {
}
