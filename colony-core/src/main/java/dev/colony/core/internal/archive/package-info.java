/**
 * Archives: everything one user may read, written as JSON lines and restored into an empty store, to move
 * a user's memories, tasks, collections and signals between stores (SQLite, H2, PostgreSQL alike).
 */
package dev.colony.core.internal.archive;
