package dev.colony.core.internal.run;

import dev.colony.api.run.RunId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.util.concurrent.CompletableFuture;

/**
 * Copies a command's output from its pipe into the run's output, keeping at most {@code cap} bytes: the newest.
 * The output is written in segments of half the cap ({@link RunOutputFiles}); when one is full the next begins and
 * the one before the full one is deleted, so the cap holds while the command writes, not after, and whatever the
 * command wrote last (its summary, its error) is kept.
 *
 * <p>Why a copy rather than the file as the command's stdout: a file the command appends to can only grow (its
 * head cannot be cut while another process appends), so a cap on it could only stop the command or keep its
 * beginning. The copy costs one thread per running command, blocked in a read while the command is silent; in
 * return the cap is exact, and a command whose JVM died gets a broken pipe at its next write instead of writing on
 * unseen.
 */
final class CappedOutput {

    private static final int BUFFER_BYTES = 64 * 1024;

    private final RunOutputFiles files;
    private final RunId id;
    private final long segmentBytes;
    private final CompletableFuture<Void> drained = new CompletableFuture<>();
    private SeekableByteChannel current;
    private long segmentStart;
    private long previousStart = -1;
    private volatile long written;
    private volatile long dropped;

    private CappedOutput(RunOutputFiles files, RunId id, long cap, SeekableByteChannel first) {
        this.files = files;
        this.id = id;
        this.segmentBytes = Math.max(1, cap / 2);
        this.current = first;
    }

    /**
     * Creates {@code id}'s output, empty.
     *
     * @throws IOException when anything is already where it would go
     */
    static CappedOutput create(RunOutputFiles files, RunId id, long cap) throws IOException {
        files.create(id);
        return new CappedOutput(files, id, cap, files.newSegment(id, 0));
    }

    /**
     * Copies {@code pipe} until it ends, then completes {@link #drained()}. A failure to write (a full disk) stops
     * the copy into files, not the reading: the command is never blocked by a full pipe.
     */
    void copy(InputStream pipe) {
        byte[] buffer = new byte[BUFFER_BYTES];
        boolean writing = true;
        try (pipe) {
            for (int read = pipe.read(buffer); read >= 0; read = pipe.read(buffer)) {
                if (writing) {
                    try {
                        write(buffer, read);
                    } catch (IOException e) {
                        writing = false;
                        System.getLogger(CappedOutput.class.getName()).log(System.Logger.Level.WARNING,
                                "the output of run " + id + " stops here: " + e);
                    }
                }
            }
        } catch (IOException e) {
            // The pipe broke (the process is gone): what was copied stands.
        } finally {
            try {
                current.close();
            } catch (IOException e) {
                // Nothing more to write.
            }
            drained.complete(null);
        }
    }

    private void write(byte[] bytes, int length) throws IOException {
        int offset = 0;
        while (offset < length) {
            long room = segmentBytes - (written - segmentStart);
            if (room == 0) {
                rotate();
                room = segmentBytes;
            }
            int chunk = (int) Math.min(room, length - offset);
            ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, chunk);
            while (buffer.hasRemaining()) {
                current.write(buffer);
            }
            written += chunk;
            offset += chunk;
        }
    }

    /** Starts the next segment, then deletes the one before the segment just filled. */
    private void rotate() throws IOException {
        current.close();
        current = files.newSegment(id, written);
        if (previousStart >= 0) {
            files.deleteSegment(id, previousStart);
            dropped = segmentStart;
        }
        previousStart = segmentStart;
        segmentStart = written;
    }

    /** Every byte the command wrote so far. */
    long written() {
        return written;
    }

    /** How many of the first bytes the cap dropped so far. */
    long dropped() {
        return dropped;
    }

    /** Completes once the pipe ended and everything read is written. */
    CompletableFuture<Void> drained() {
        return drained;
    }
}
