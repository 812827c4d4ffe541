package dev.colony.bench;

import java.nio.file.Path;

/**
 * Settings shared by all scenarios.
 *
 * @param workDir where scenarios create their databases (deleted afterwards)
 * @param rounds how many alternating rounds of subject and baseline to measure
 * @param seed seed of the synthetic data
 */
record BenchOptions(Path workDir, int rounds, long seed) {
}
