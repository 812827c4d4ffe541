package dev.colony.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes reads through and runs a callback once the stream ends, fails or is closed: for a stdio
 * server, the end of stdin means the client is gone and the process should exit.
 *
 * <p>Before it reports the end to its reader, it runs {@code beforeEnd} on the reading thread; the
 * server uses that to let queued responses out while the transport still writes.
 */
final class EndSignallingInputStream extends FilterInputStream {

    private final Runnable beforeEnd;
    private final Runnable onEnd;

    EndSignallingInputStream(InputStream in, Runnable beforeEnd, Runnable onEnd) {
        super(in);
        this.beforeEnd = beforeEnd;
        this.onEnd = onEnd;
    }

    @Override
    public int read() throws IOException {
        try {
            int b = super.read();
            if (b < 0) {
                ended();
            }
            return b;
        } catch (IOException e) {
            onEnd.run();
            throw e;
        }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        try {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                ended();
            }
            return n;
        } catch (IOException e) {
            onEnd.run();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            onEnd.run();
        }
    }

    private void ended() {
        try {
            beforeEnd.run();
        } finally {
            onEnd.run();
        }
    }
}
