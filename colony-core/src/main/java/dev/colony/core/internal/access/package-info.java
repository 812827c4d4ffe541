/**
 * The access gate of colony-core. {@link dev.colony.core.internal.access.Access} binds a transaction to a
 * caller; the resulting {@link dev.colony.core.internal.access.CallerTransaction} answers which namespaces the
 * caller may read and write and which sessions it may see, looking the caller's memberships up once per
 * transaction. Services reach the store through a {@link dev.colony.core.internal.access.CallerStore}, so no
 * service decides visibility by itself. The per-process caches (personal namespace ids, session owners) learn
 * only from committed transactions.
 */
package dev.colony.core.internal.access;
