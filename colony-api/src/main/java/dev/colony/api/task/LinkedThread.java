package dev.colony.api.task;

import java.util.Objects;

/**
 * One link of a thread, seen from that thread: the link and the thread at its other end.
 *
 * @param link the link
 * @param other the thread at the other end
 */
public record LinkedThread(TaskLink link, TaskThread other) {

    /** Checks that no component is null. */
    public LinkedThread {
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(other, "other");
    }
}
