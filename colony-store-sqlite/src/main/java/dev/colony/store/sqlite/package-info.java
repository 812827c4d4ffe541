/**
 * The default embedded Colony store: one SQLite file shared by every process on the machine.
 *
 * <p>Open it with {@link dev.colony.store.sqlite.SqliteStorageProvider#open(java.nio.file.Path)}. The
 * file runs in WAL mode so readers never block the writer; write transactions start with
 * {@code BEGIN IMMEDIATE} so two writers never deadlock on a lock upgrade; busy and locked errors
 * are waited out and retried inside the store.
 */
package dev.colony.store.sqlite;
