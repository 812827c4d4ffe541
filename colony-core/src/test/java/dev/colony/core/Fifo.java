package dev.colony.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A named pipe a shell command writes to when it reaches a point the test waits for: the test's read blocks until
 * the command has written and closed it, so the test waits on the event itself, never on time.
 */
final class Fifo {

    /** The longest a test waits for a command to write. */
    static final Duration BOUND = Duration.ofSeconds(20);

    private Fifo() {
    }

    /** Creates a named pipe at {@code path} ({@code mkfifo}). */
    static Path create(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        if (!mkfifo.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
            throw new IllegalStateException("mkfifo " + path + " failed");
        }
        return path;
    }

    /** What a command wrote to the pipe, once it closed it, within {@link #BOUND}. */
    static String read(Path fifo) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo, StandardCharsets.US_ASCII).strip();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }

    /** The process id a command wrote to the pipe ({@code echo $$ > fifo}). */
    static ProcessHandle process(Path fifo) throws Exception {
        long pid = Long.parseLong(read(fifo));
        return ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("process " + pid + " is gone"));
    }
}
