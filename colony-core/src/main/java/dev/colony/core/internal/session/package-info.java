/**
 * The session registry (starting, re-announcing, touching, ending and listing agent sessions) and the
 * one rule that groups sessions into agent types.
 */
package dev.colony.core.internal.session;
