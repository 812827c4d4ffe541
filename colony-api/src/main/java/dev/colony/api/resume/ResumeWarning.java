package dev.colony.api.resume;

/** What looks off when a caller resumes. */
public enum ResumeWarning {
    /** The caller has no lane on a thread: it should open one before editing. */
    NO_THREAD,
    /** The caller's thread has no working note of its session: whoever resumes would start blind. */
    NO_WORKING_NOTE,
    /** Stalled lanes of other sessions hold files or a thread. */
    STALLED_LANES
}
