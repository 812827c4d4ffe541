package dev.colony.api.spec;

import java.util.Locale;

/** Why a delta's target row conflicts with the root as it is now. */
public enum ConflictKind {
    /** The root changed the row since the base, to something other than the change's result. */
    CHANGED,
    /** The root removed a row the change modifies (or the change removes a row the root changed). */
    REMOVED,
    /** The root added a row of the id the change adds, with other cells. */
    ADDED,
    /** The root already holds the change's result (a conflict only for the strict strategy). */
    SAME;

    /** The lowercase wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
