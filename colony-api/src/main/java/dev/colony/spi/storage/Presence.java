package dev.colony.spi.storage;

/**
 * Whether a memory is still there to be read. Forgetting hides a memory from every read path while its row
 * stays for the audit trail; purging also wipes what it said. The change feed reports both, so that every
 * derived index drops the memory.
 */
public enum Presence {
    /** Readable by whoever may read its namespace. */
    LIVE,
    /** Hidden from every read path; its row keeps its content for the audit trail. */
    FORGOTTEN,
    /** Hidden, and its content, topics, pointers, metadata and vector wiped from the store. */
    PURGED;

    /** Whether no read path may return the memory. */
    public boolean hidden() {
        return this != LIVE;
    }
}
