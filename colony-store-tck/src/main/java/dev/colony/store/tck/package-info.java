/**
 * The contract tests every Colony storage provider must pass.
 *
 * <p>Each topic is a test interface with default {@code @Test} methods ({@link
 * dev.colony.store.tck.SessionContract}, {@link dev.colony.store.tck.MemoryContract}, …);
 * {@link dev.colony.store.tck.StorageTck} bundles all of them. A store module runs the suite by
 * writing one test class per store variant that extends {@link dev.colony.store.tck.StorageContract}
 * (which opens the store once per class in a temporary directory) and implements
 * {@code StorageTck}:
 *
 * <pre>{@code
 * class SqliteStoreTest extends StorageContract implements StorageTck, MultiProcessContract {
 *     protected StorageProvider openProvider(Path dir) { return new SqliteStoreFactory().open(dir); }
 *     public Class<? extends StoreFactory> storeFactory() { return SqliteStoreFactory.class; }
 * }
 * }</pre>
 *
 * <p>{@link dev.colony.store.tck.MultiProcessContract} runs a second JVM against the same store; only
 * variants that declare {@link dev.colony.spi.storage.StorageCapability#MULTI_PROCESS} implement it.
 * Tests of one class share one store, so every test works with its own users, sessions and id
 * ranges.
 *
 * <p>After every test, {@link dev.colony.store.tck.InvariantsExtension} (registered by {@code StorageContract})
 * checks {@link dev.colony.store.tck.StoreInvariants}: what must hold of the stored rows whatever a test did, from
 * one claimant per sub-task to revs that only increase. A violation fails the test that caused it, naming the row.
 */
package dev.colony.store.tck;
