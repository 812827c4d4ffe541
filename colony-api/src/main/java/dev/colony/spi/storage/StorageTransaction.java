package dev.colony.spi.storage;

/**
 * The facets available inside one transaction. They are valid only until the unit of work returns.
 */
public interface StorageTransaction {

    /** Namespaces. */
    NamespaceRecords namespaces();

    /** Sessions. */
    SessionRecords sessions();

    /** Memories. */
    MemoryRecords memories();

    /** Tasks. */
    TaskRecords tasks();
}
