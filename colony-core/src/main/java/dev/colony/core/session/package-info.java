/** The session registry: starting, re-announcing, touching, ending and listing agent sessions. */
package dev.colony.core.session;
