package dev.colony.api.run;

/**
 * A window of a shell run's output, read from its file. Offsets count every byte the command wrote, including
 * the oldest ones the output cap dropped: a window asked for before {@code dropped} starts at {@code dropped}.
 *
 * @param text the bytes of the window as UTF-8 (a character cut at either edge shows as a replacement character)
 * @param offset where the window starts, in bytes from the start of the output
 * @param nextOffset where the next window starts; equal to {@code size} when this one reached the end
 * @param size the output's size when it was read
 * @param stalled whether the command wrote nothing for the stall time while in progress (known only to the
 *     process that executes it)
 * @param promptLike whether its last output looks like a prompt waiting for input
 * @param dropped how many of the first bytes the output cap dropped (0 while the output fits)
 */
public record RunOutput(String text, long offset, long nextOffset, long size, boolean stalled, boolean promptLike,
        long dropped) {
}
