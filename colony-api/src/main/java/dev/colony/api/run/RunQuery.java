package dev.colony.api.run;

/**
 * Which runs to list, newest first.
 *
 * @param agent only runs for this agent (its type counts), or {@code null}
 * @param status only runs in this status, or {@code null} for every status but notified terminal ones
 * @param parent only children of this run, or {@code null}
 * @param limit the most runs, 1 to {@link Runs#MAX_VIEWABLE_WINDOW}
 */
public record RunQuery(String agent, RunStatus status, RunId parent, int limit) {

    /** The live runs and the terminal ones not yet delivered, up to the default window. */
    public static RunQuery defaults() {
        return new RunQuery(null, null, null, Runs.DEFAULT_VIEWABLE_WINDOW);
    }
}
