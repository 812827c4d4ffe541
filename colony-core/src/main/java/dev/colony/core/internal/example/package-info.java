/**
 * Foraging: reading a repository's {@code examples/<name>/} directories (no link followed, bounded, secrets masked)
 * into foraged-pattern memories and the examples table, keyword queries over them, and deterministic integration
 * plans from an example's manifest and the target's build file. Manifests are read with the JDK alone (core's
 * rule): a small JSON reader, the subset of TOML that dependency tables use, the JDK's XML parser with DTDs off.
 */
package dev.colony.core.internal.example;
