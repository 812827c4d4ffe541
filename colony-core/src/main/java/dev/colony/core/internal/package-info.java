/**
 * Internals of colony-core shared by its services: validation helpers, the clock wrapper and the
 * adapter that exposes the store to a search index. Not API.
 */
package dev.colony.core.internal;
