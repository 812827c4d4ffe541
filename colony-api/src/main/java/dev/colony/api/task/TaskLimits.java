package dev.colony.api.task;

/** Bounds of the task-thread API, the same for every store and every client. */
public final class TaskLimits {

    /** Longest repository root, in characters, after normalisation. */
    public static final int MAX_REPO_ROOT_CHARS = 1024;
    /** Longest branch name, in characters. */
    public static final int MAX_BRANCH_CHARS = 255;
    /** Most threads one list call returns. */
    public static final int MAX_LIST_LIMIT = 200;
    /** Most participants one thread reports. */
    public static final int MAX_PARTICIPANTS = 500;

    /** Most entries one timeline or updates call returns. */
    public static final int MAX_TIMELINE_LIMIT = 200;
    /** Most links one thread reports. */
    public static final int MAX_LINKS = 200;
    /** Longest note of a link, in characters. */
    public static final int MAX_LINK_NOTE_CHARS = 500;
    /**
     * Longest value of a working-note pointer field, in characters; longer values are compacted to
     * this length with a warning.
     */
    public static final int MAX_POINTER_CHARS = 160;

    private TaskLimits() {
    }
}
