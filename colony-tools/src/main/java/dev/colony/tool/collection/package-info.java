/**
 * The collection tool: {@code collection_manage} creates collections, manages their members and roles,
 * lists the caller's collections and publishes a personal memory into one.
 * {@link dev.colony.tool.collection.CollectionTools#ALL} lists it.
 */
package dev.colony.tool.collection;
