package dev.colony.mcp;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;

/**
 * Counts the protocol messages handed to the transport and the messages written to stdout, so that
 * the server can let its last responses out before it acts on the end of stdin.
 *
 * <p>The SDK's stdio transport stops writing the moment its reader sees the end of input. Tool calls
 * run on that reader thread (immediate execution), so when the end arrives every request has been
 * answered and every answer queued; waiting until as many messages were written as were queued means a
 * client that sends its requests and closes stdin at once still gets its responses.
 */
final class OutboundLedger {

    private long queued;
    private long written;

    /** Records one message accepted by the transport. */
    synchronized void queued() {
        queued++;
    }

    /** Records {@code count} messages written out (one per newline). */
    synchronized void written(long count) {
        written += count;
        notifyAll();
    }

    /**
     * Waits until every queued message has been written, at most {@code timeout}.
     *
     * @return whether everything was written
     */
    synchronized boolean awaitWritten(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (written < queued) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Wraps the protocol output so that each newline counts as one written message. */
    OutputStream count(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                if (b == '\n') {
                    written(1);
                }
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
                long newlines = 0;
                for (int i = offset; i < offset + length; i++) {
                    if (bytes[i] == '\n') {
                        newlines++;
                    }
                }
                if (newlines > 0) {
                    written(newlines);
                }
            }
        };
    }
}
