/**
 * The tools of example projects ("food sources") under a repository's {@code examples/} directory: which were
 * foraged, keyword search in their patterns, and a deterministic plan to integrate one into the repository.
 */
package dev.colony.tool.example;
