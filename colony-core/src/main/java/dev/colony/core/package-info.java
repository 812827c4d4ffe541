/**
 * The Colony entry point: {@link dev.colony.core.Colony#builder()} wires a storage provider, an
 * optional search index and embedder, and a clock into one thread-safe {@link dev.colony.core.Colony}.
 *
 * <p>All domain rules (validation, access, audit records) live in this module, written once over the
 * SPIs of {@code colony-api}, so every store behaves the same.
 */
package dev.colony.core;
