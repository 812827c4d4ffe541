package dev.colony.core.run;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.RunId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The private directory shell runs write their output to: one file per run, named by the run's id, plus a
 * {@code .pid} file while its process lives. The directory is created (or narrowed) to mode 0700; an output file
 * is created with {@code CREATE_NEW}, which refuses a link planted where it would go, and is read back only
 * through a channel that does not follow links.
 */
final class RunOutputFiles {

    private static final String PID_SUFFIX = ".pid";

    private final Path directory;

    private RunOutputFiles(Path directory) {
        this.directory = directory;
    }

    /**
     * The directory, created 0700 when missing and narrowed to 0700 when wider.
     *
     * @throws ColonyException {@code UNAVAILABLE} when it is a link or not a directory, or cannot be created
     */
    static RunOutputFiles prepare(Path directory) {
        try {
            if (Files.isSymbolicLink(directory)) {
                throw unusable(directory, "it is a symbolic link");
            }
            if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(directory.getParent());
                try {
                    Files.createDirectory(directory, privateDirectory(directory));
                } catch (FileAlreadyExistsException raced) {
                    // Another process created it first: checked below like any existing one.
                }
            }
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw unusable(directory, "it is not a directory");
            }
            PosixFileAttributeView view = Files.getFileAttributeView(directory, PosixFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (view != null) {
                view.setPermissions(PosixFilePermissions.fromString("rwx------"));
            }
            return new RunOutputFiles(directory);
        } catch (IOException e) {
            throw unusable(directory, e.toString());
        }
    }

    Path directory() {
        return directory;
    }

    /** The output file of {@code id}. */
    Path output(RunId id) {
        return directory.resolve(id.value());
    }

    /**
     * Creates the empty output file of {@code id}, mode 0600.
     *
     * @throws IOException when anything (a file, a link) is already there
     */
    Path create(RunId id) throws IOException {
        Path file = output(id);
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileAttribute<?>[] attributes = posix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------"))} : new FileAttribute<?>[0];
        Files.newByteChannel(file, options, attributes).close();
        return file;
    }

    /** The size of {@code id}'s output, 0 when there is none; never follows a link. */
    long size(RunId id) {
        try (SeekableByteChannel channel = open(id)) {
            return channel.size();
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Up to {@code maxBytes} of {@code id}'s output from {@code offset}, or its last {@code maxBytes} when
     * {@code offset} is negative; never follows a link.
     */
    Window read(RunId id, long offset, int maxBytes) {
        try (SeekableByteChannel channel = open(id)) {
            long size = channel.size();
            long start = offset < 0 ? Math.max(0, size - maxBytes) : Math.min(offset, size);
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(maxBytes, size - start));
            channel.position(start);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // Reads until the window is full or the file ends.
            }
            return new Window(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8), start,
                    start + buffer.position(), size);
        } catch (NoSuchFileException e) {
            return new Window("", 0, 0, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SeekableByteChannel open(RunId id) throws IOException {
        return Files.newByteChannel(output(id), Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    }

    /** The pid file of {@code id}. */
    Path pidFile(RunId id) {
        return directory.resolve(id.value() + PID_SUFFIX);
    }

    /** Every pid file in the directory. */
    java.util.List<Path> pidFiles() {
        try (var entries = Files.list(directory)) {
            return entries.filter(path -> path.getFileName().toString().endsWith(PID_SUFFIX)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The run a pid file belongs to. */
    static RunId runOf(Path pidFile) {
        String name = pidFile.getFileName().toString();
        return new RunId(name.substring(0, name.length() - PID_SUFFIX.length()));
    }

    private boolean posix() {
        return directory.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static FileAttribute<?>[] privateDirectory(Path directory) {
        return directory.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rwx------"))} : new FileAttribute<?>[0];
    }

    private static ColonyException unusable(Path directory, String why) {
        return new ColonyException(ErrorCode.UNAVAILABLE, "the run output directory " + directory
                + " cannot be used: " + why);
    }

    /**
     * A window of output.
     *
     * @param text the bytes as UTF-8
     * @param offset where it starts
     * @param end where it ends
     * @param size the output's size when read
     */
    record Window(String text, long offset, long end, long size) {
    }
}
