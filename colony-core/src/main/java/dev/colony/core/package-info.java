/**
 * The Colony entry point and its whole public surface in colony-core: {@link dev.colony.core.Colony#builder()} wires
 * a storage provider, an optional search index and embedder, and a clock into one thread-safe {@link
 * dev.colony.core.Colony}; {@code Colony.as(actor)} gives a caller's services (the interfaces of {@code colony-api}),
 * {@code Colony.admin()} the store owner's operations.
 *
 * <p>All domain rules (validation, access, audit records) live in this module, written once over the SPIs of
 * {@code colony-api}, so every store behaves the same; their code is under {@code dev.colony.core.internal}, which is
 * not API.
 */
package dev.colony.core;
