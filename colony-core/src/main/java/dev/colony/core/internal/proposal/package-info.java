/**
 * Proposals: recording candidate work, computing its decaying, source-diverse strength, and promoting it into a
 * task thread exactly once.
 */
package dev.colony.core.internal.proposal;
