package dev.colony.api.spec;

import java.util.Locale;

/** How an archive ended. */
public enum ArchiveStatus {
    /** The merged root and the archived change both landed. */
    ARCHIVED,
    /** A three-way merge met real conflicts: nothing was written and the change stays open. */
    BLOCKED,
    /** The strict strategy found a moved target row: nothing was written and the change stays open. */
    REFUSED;

    /** The lowercase wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
