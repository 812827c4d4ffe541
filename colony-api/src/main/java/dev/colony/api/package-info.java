/**
 * The public API of Colony: identities, errors and the service interfaces that agents use to share
 * memory and coordinate.
 *
 * <p>This module depends on nothing but the JDK, so that any agent framework can compile against it
 * without pulling in a storage engine, a search library or an MCP SDK. Implementations live in
 * {@code colony-core} and the store, search and adapter modules.
 */
package dev.colony.api;
