/**
 * The access gate of colony-core: {@link dev.colony.core.internal.access.Access} answers which namespaces a
 * caller may read and write and which sessions it may see; every service asks it. Its per-process
 * caches (personal namespace ids, session owners) learn only from committed transactions.
 */
package dev.colony.core.internal.access;
