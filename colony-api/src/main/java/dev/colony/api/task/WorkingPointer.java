package dev.colony.api.task;

/**
 * The short pointer fields of a working note: enough for another session (or the same one after a
 * restart) to pick the work up. Each value is a short line; {@code next} and {@code evidence} are
 * required once the note is written.
 *
 * @param branch the branch being worked on, or {@code null}
 * @param task what is being done, in a few words, or {@code null}
 * @param blocker what stops progress ({@code none} when nothing), or {@code null}
 * @param next the next step
 * @param evidence where to look: a path, a command, a pull request or a spec
 */
public record WorkingPointer(String branch, String task, String blocker, String next, String evidence) {
}
