package dev.colony.spi.storage;

/** Kinds of committed change a store can announce to listeners in other processes. */
public enum StorageTopic {
    /** A signal was inserted. */
    SIGNALS
}
