/**
 * Internals of colony-core shared by its services: validation helpers, the clock wrapper and the
 * per-process caches of namespaces and session owners. Not API.
 */
package dev.colony.core.internal;
