package dev.colony.core.internal.run;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.PrivateDirectory;
import dev.colony.api.run.RunId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The private directory shell runs write their output to: a directory per run, named by the run's id, holding its
 * output as segments named by the offset they start at (the output cap deletes the oldest), plus a {@code .pid}
 * file per run while its process lives. An output file of an earlier version (one plain file named by the run's id)
 * still reads as one segment.
 *
 * <p>The directory is trusted only as {@link PrivateDirectory#distrustPath} allows: this user's, written by nobody
 * else, under directories nobody else can change; it is created 0700 (with any missing parent), and one that fails
 * the check is refused, never narrowed, since what someone else put in it (a forged output, a planted pid file)
 * would be read as the run's. Files are created with {@code CREATE_NEW}, which refuses a link planted where they
 * would go, and read only through channels that do not follow links.
 */
final class RunOutputFiles {

    private static final String PID_SUFFIX = ".pid";
    /** How often a read starts over when the writer deleted a segment between listing and opening it. */
    private static final int READ_ATTEMPTS = 5;

    private final Path directory;

    private RunOutputFiles(Path directory) {
        this.directory = directory;
    }

    /**
     * The directory, created 0700 (with its missing parents) when missing, and checked.
     *
     * @throws ColonyException {@code UNAVAILABLE} naming the directory at fault when it or a directory above it
     *     could be changed by someone else, or it cannot be created
     */
    static RunOutputFiles prepare(Path directory) {
        PrivateDirectory.ensure(directory).ifPresent(why -> {
            throw unusable(directory, why);
        });
        return new RunOutputFiles(directory);
    }

    Path directory() {
        return directory;
    }

    /** The directory of {@code id}'s output. */
    Path output(RunId id) {
        return directory.resolve(id.value());
    }

    /**
     * Creates the empty output directory of {@code id}, mode 0700.
     *
     * @throws IOException when anything (a file, a link) is already there
     */
    void create(RunId id) throws IOException {
        Files.createDirectory(output(id), privateDirectory(directory));
    }

    /**
     * Creates the segment of {@code id}'s output that starts at {@code start}, mode 0600, open for writing.
     *
     * @throws IOException when anything is already there
     */
    SeekableByteChannel newSegment(RunId id, long start) throws IOException {
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileAttribute<?>[] attributes = posix(directory) ? new FileAttribute<?>[] {PosixFilePermissions
                .asFileAttribute(PosixFilePermissions.fromString("rw-------"))} : new FileAttribute<?>[0];
        return Files.newByteChannel(output(id).resolve(Long.toString(start)), options, attributes);
    }

    /** Deletes the segment of {@code id}'s output that starts at {@code start}. */
    void deleteSegment(RunId id, long start) throws IOException {
        Files.deleteIfExists(output(id).resolve(Long.toString(start)));
    }

    /** The size of {@code id}'s output (every byte written, dropped ones included), 0 when there is none. */
    long size(RunId id) {
        return read(id, Long.MAX_VALUE, 0).size();
    }

    /**
     * Up to {@code maxBytes} of {@code id}'s output from {@code offset} (from the oldest byte kept, when
     * {@code offset} is before it), or its last {@code maxBytes} when {@code offset} is negative; never follows a
     * link.
     */
    Window read(RunId id, long offset, int maxBytes) {
        for (int attempt = 1; ; attempt++) {
            try {
                return readOnce(id, offset, maxBytes);
            } catch (NoSuchFileException e) {
                if (attempt == READ_ATTEMPTS) {
                    throw new UncheckedIOException(e);
                }
                // The writer dropped a segment between the listing and its opening: list again.
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private Window readOnce(RunId id, long offset, int maxBytes) throws IOException {
        List<Segment> segments = segments(id);
        if (segments.isEmpty()) {
            return new Window("", 0, 0, 0, 0);
        }
        List<SeekableByteChannel> channels = new ArrayList<>();
        try {
            for (Segment segment : segments) {
                channels.add(Files.newByteChannel(segment.path, Set.of(StandardOpenOption.READ,
                        LinkOption.NOFOLLOW_LINKS)));
            }
            long dropped = segments.get(0).start;
            Segment last = segments.get(segments.size() - 1);
            long size = last.start + channels.get(channels.size() - 1).size();
            long start = offset < 0 ? Math.max(dropped, size - maxBytes) : Math.max(dropped, Math.min(offset, size));
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(maxBytes, size - start));
            for (int i = 0; i < segments.size() && buffer.hasRemaining(); i++) {
                long from = segments.get(i).start;
                long until = i + 1 < segments.size() ? segments.get(i + 1).start : size;
                long at = start + buffer.position();
                if (at >= until) {
                    continue;
                }
                if (at < from) {
                    break;
                }
                SeekableByteChannel channel = channels.get(i);
                channel.position(at - from);
                int limit = buffer.limit();
                buffer.limit((int) Math.min(limit, buffer.position() + (until - at)));
                while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                    // Reads until the window is full or the segment ends.
                }
                buffer.limit(limit);
            }
            return new Window(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8), start,
                    start + buffer.position(), size, dropped);
        } finally {
            for (SeekableByteChannel channel : channels) {
                channel.close();
            }
        }
    }

    /** The segments of {@code id}'s output, oldest first; a plain file of an earlier version is one segment. */
    private List<Segment> segments(RunId id) throws IOException {
        Path output = output(id);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(output, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        if (attributes.isRegularFile()) {
            return List.of(new Segment(0, output));
        }
        if (!attributes.isDirectory()) {
            throw new IOException(output + " is neither the output of a run nor its directory");
        }
        List<Segment> segments = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(output)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.isEmpty() && name.chars().allMatch(Character::isDigit) && name.length() < 19) {
                    segments.add(new Segment(Long.parseLong(name), entry));
                }
            }
        }
        segments.sort(Comparator.comparingLong(Segment::start));
        return segments;
    }

    /** The pid file of {@code id}. */
    Path pidFile(RunId id) {
        return directory.resolve(id.value() + PID_SUFFIX);
    }

    /** Every pid file in the directory. */
    List<Path> pidFiles() {
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

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static FileAttribute<?>[] privateDirectory(Path directory) {
        return posix(directory) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions
                .fromString("rwx------"))} : new FileAttribute<?>[0];
    }

    private static ColonyException unusable(Path directory, String why) {
        return new ColonyException(ErrorCode.UNAVAILABLE, "the run output directory " + directory
                + " cannot be used: " + why);
    }

    /** A segment of a run's output: where it starts, and its file. */
    private record Segment(long start, Path path) {
    }

    /**
     * A window of output.
     *
     * @param text the bytes as UTF-8
     * @param offset where it starts
     * @param end where it ends
     * @param size the output's size when read, dropped bytes included
     * @param dropped how many of the first bytes the cap dropped
     */
    record Window(String text, long offset, long end, long size, long dropped) {
    }
}
