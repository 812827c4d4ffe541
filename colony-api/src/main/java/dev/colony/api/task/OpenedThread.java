package dev.colony.api.task;

import java.util.Objects;

/**
 * The answer to opening a thread by repository root and branch.
 *
 * @param thread the thread, as it stands after the caller joined it
 * @param created whether this call created the thread (rather than finding an existing one)
 * @param joined whether this call added the caller's session to the participants (rather than finding
 *     it there already)
 */
public record OpenedThread(TaskThread thread, boolean created, boolean joined) {

    /** Checks that the thread is present. */
    public OpenedThread {
        Objects.requireNonNull(thread, "thread");
    }
}
