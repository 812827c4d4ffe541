/**
 * The collection tool: {@code collection_manage} creates collections, manages their members and roles,
 * lists the caller's collections and publishes a personal memory into one.
 * {@link dev.colony.mcp.tool.collection.CollectionTools#ALL} lists it.
 */
package dev.colony.mcp.tool.collection;
