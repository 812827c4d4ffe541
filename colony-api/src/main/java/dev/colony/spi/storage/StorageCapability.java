package dev.colony.spi.storage;

/** Optional properties a storage provider declares, so callers can adapt or refuse early. */
public enum StorageCapability {
    /** Data survives the process: the store is kept in a file or on a database server. */
    PERSISTENT,
    /** Several processes may open the same store at once and see each other's commits. */
    MULTI_PROCESS,
    /** Memory embedding vectors are stored, so a vector index can be rebuilt without re-embedding. */
    VECTORS
}
