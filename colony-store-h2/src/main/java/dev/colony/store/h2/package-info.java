/**
 * Colony on H2: a database file for one process, or a private in-memory database.
 *
 * <p>The in-memory mode ({@link dev.colony.store.h2.H2StorageProvider#inMemory()}) is the natural store
 * for tests of applications that embed Colony: real SQL and transactions, no files. The file mode
 * ({@link dev.colony.store.h2.H2StorageProvider#file(java.nio.file.Path)}) is for applications that
 * prefer H2; it is opened by one process at a time (use SQLite to share a store between processes).
 */
package dev.colony.store.h2;
