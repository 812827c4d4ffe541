/**
 * The benchmark harness: named scenarios, each measured side by side with a raw baseline in the same
 * run, reported as ops/s, latency percentiles and the ratio to the baseline (as a table and as JSON).
 *
 * <p>Absolute numbers on shared machines are noisy; the ratio of two measurements taken in the same
 * process, on the same files, minutes apart, is what targets are stated in.
 */
package dev.colony.bench;
