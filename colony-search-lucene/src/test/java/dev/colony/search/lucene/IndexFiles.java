package dev.colony.search.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Damages and inspects index files on disk, as a crash or a bad disk would. */
final class IndexFiles {

    private IndexFiles() {
    }

    /** The largest file of the index, the lock file aside. */
    static Path largest(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !f.getFileName().toString().equals("write.lock"))
                    .max(Comparator.comparingLong(IndexFiles::size)).orElseThrow();
        }
    }

    /** The names of the files in {@code dir}. */
    static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Inverts 16 bytes in the middle of {@code file}. */
    static void flipBytesInTheMiddle(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long middle = channel.size() / 2;
            ByteBuffer bytes = ByteBuffer.allocate(16);
            channel.read(bytes, middle);
            bytes.flip();
            ByteBuffer flipped = ByteBuffer.allocate(bytes.remaining());
            while (bytes.hasRemaining()) {
                flipped.put((byte) ~bytes.get());
            }
            flipped.flip();
            channel.write(flipped, middle);
        }
    }

    /** Deletes {@code dir} and everything in it. */
    static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
