package dev.colony.mcp.transport;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines ({@code \n}, with an optional {@code \r} before it) and refuses lines
 * longer than a limit without holding them in memory whole.
 *
 * <p>A line within the limit is returned in a buffer that the next call reuses. A longer line is read
 * to its end and dropped; only its first {@link #PREFIX_BYTES} bytes are kept, so that the caller can
 * still read the request id from them. Not thread-safe: one thread reads.
 */
final class BoundedLineReader {

    /** How much of an oversized line is kept for finding its id. */
    static final int PREFIX_BYTES = 64 * 1024;

    private static final int CHUNK = 64 * 1024;

    /** A line buffer grown beyond this by one long line is given back before the next line. */
    private static final int SHRINK_ABOVE = 1024 * 1024;

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] chunk = new byte[CHUNK];
    private int chunkPosition;
    private int chunkLimit;
    private byte[] line = new byte[8 * 1024];
    private boolean ended;

    BoundedLineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * One line of input.
     *
     * @param bytes the line without its terminator (for an oversized line, its first bytes)
     * @param length how many bytes of {@code bytes} belong to the line (or to the kept prefix)
     * @param oversized whether the line was longer than the limit and was dropped
     * @param totalBytes the full length of the line, also for an oversized line
     */
    record Line(byte[] bytes, int length, boolean oversized, long totalBytes) {
    }

    /**
     * Reads the next line; a last line without a terminator counts as a line.
     *
     * @return the line, or {@code null} at the end of input
     * @throws IOException when reading fails
     */
    Line next() throws IOException {
        if (ended) {
            return null;
        }
        if (line.length > SHRINK_ABOVE) {
            line = new byte[8 * 1024];
        }
        int length = 0;
        long total = 0;
        boolean oversized = false;
        while (true) {
            if (chunkPosition == chunkLimit && !fill()) {
                ended = true;
                if (total == 0) {
                    return null;
                }
                return finish(length, oversized, total);
            }
            int newline = indexOfNewline(chunkPosition, chunkLimit);
            int end = newline < 0 ? chunkLimit : newline;
            int count = end - chunkPosition;
            total += count;
            if (!oversized && total > maxLineBytes) {
                oversized = true;
                length = Math.min(length, PREFIX_BYTES);
            }
            int room = oversized ? PREFIX_BYTES - length : count;
            int keep = Math.min(count, Math.max(0, room));
            if (keep > 0) {
                ensureCapacity(length + keep);
                System.arraycopy(chunk, chunkPosition, line, length, keep);
                length += keep;
            }
            chunkPosition = end;
            if (newline >= 0) {
                chunkPosition++;
                return finish(length, oversized, total);
            }
        }
    }

    private Line finish(int length, boolean oversized, long total) {
        int trimmed = length;
        long trimmedTotal = total;
        if (!oversized && trimmed > 0 && line[trimmed - 1] == '\r') {
            trimmed--;
            trimmedTotal--;
        }
        return new Line(line, trimmed, oversized, trimmedTotal);
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(chunk, 0, CHUNK);
        } while (read == 0);
        if (read < 0) {
            return false;
        }
        chunkPosition = 0;
        chunkLimit = read;
        return true;
    }

    private int indexOfNewline(int from, int to) {
        for (int i = from; i < to; i++) {
            if (chunk[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void ensureCapacity(int needed) {
        if (needed > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(Math.max((long) line.length * 2, needed), Integer.MAX_VALUE - 8));
        }
    }
}
