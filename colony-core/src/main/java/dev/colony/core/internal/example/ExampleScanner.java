package dev.colony.core.internal.example;

import dev.colony.api.example.Examples;
import dev.colony.core.internal.kernel.RepoDirectory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the examples of a repository: each directory {@code examples/<name>/} (not a link) is one example, walked
 * without following any link, skipping tool and build directories, {@code .env} files (never opened), binary and
 * oversized files, and files beyond {@link Examples#MAX_FILES_PER_EXAMPLE}. Text is decoded strictly as UTF-8; a
 * file that is not UTF-8 counts as binary.
 */
final class ExampleScanner {

    /** Directories never entered: version control, dependencies, build output, virtual environments, caches. */
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", ".hg", ".svn", "node_modules", "target",
            "build", "dist", "out", ".venv", "venv", "__pycache__", ".gradle", ".idea", ".vscode", ".next",
            ".tox", ".mypy_cache", ".pytest_cache", "vendor", "coverage", ".cache");
    private static final Set<String> BINARY_EXTENSIONS = Set.of("png", "jpg", "jpeg", "gif", "webp", "ico", "bmp",
            "pdf", "zip", "gz", "tgz", "jar", "war", "class", "so", "dylib", "dll", "exe", "bin", "wasm", "woff",
            "woff2", "ttf", "otf", "mp3", "mp4", "mov", "db", "sqlite", "lock");
    private static final Pattern EXAMPLE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");
    private static final int MAX_DEPTH = 12;

    private ExampleScanner() {
    }

    /**
     * One example as read.
     *
     * @param name its directory name
     * @param files its readable text files, by path
     * @param skipped how many files were left unread (links, binary, too large, secrets, beyond the cap)
     */
    record ScannedExample(String name, List<ScannedFile> files, int skipped) {

        /** The file at {@code path}, if it was read. */
        Optional<ScannedFile> file(String path) {
            return files.stream().filter(file -> file.path().equals(path)).findFirst();
        }

        /** A hash of every path and text read, in path order. */
        String contentHash() {
            try {
                MessageDigest digest = MessageDigest.getInstance("SHA-256");
                for (ScannedFile file : files) {
                    digest.update(file.path().getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) 0);
                    digest.update(file.text().getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) 0);
                }
                return HexFormat.of().formatHex(digest.digest());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every JDK", e);
            }
        }
    }

    /**
     * A text file of an example.
     *
     * @param path relative to the example's directory, {@code /}-separated
     * @param text its content
     */
    record ScannedFile(String path, String text) {
    }

    /**
     * What one scan found.
     *
     * @param examples the examples read, by name: the first {@link Examples#MAX_EXAMPLES}
     * @param present the names of every example directory, read or beyond the cap
     */
    record Scan(List<ScannedExample> examples, Set<String> present) {
    }

    /** The examples of the repository at real path {@code root}; none when there is no examples directory. */
    static Scan scan(Path root) {
        Path examples = root.resolve("examples");
        if (!isDirectory(examples)) {
            return new Scan(List.of(), Set.of());
        }
        List<Path> directories = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(examples)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (EXAMPLE_NAME.matcher(name).matches() && isDirectory(entry)) {
                    directories.add(entry);
                }
            }
        } catch (IOException e) {
            return new Scan(List.of(), Set.of());
        }
        directories.sort(Comparator.comparing(path -> path.getFileName().toString()));
        List<ScannedExample> scanned = new ArrayList<>();
        for (Path directory : directories.subList(0, Math.min(directories.size(), Examples.MAX_EXAMPLES))) {
            scanned.add(read(directory));
        }
        Set<String> present = new HashSet<>();
        directories.forEach(directory -> present.add(directory.getFileName().toString()));
        return new Scan(List.copyOf(scanned), Set.copyOf(present));
    }

    /** Whether {@code path} is a directory itself, not a link to one. */
    private static boolean isDirectory(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isDirectory();
        } catch (IOException e) {
            return false;
        }
    }

    private static ScannedExample read(Path directory) {
        List<Path> candidates = new ArrayList<>();
        int[] skipped = {0};
        try {
            Files.walkFileTree(directory, EnumSet.noneOf(FileVisitOption.class), MAX_DEPTH,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                            if (!dir.equals(directory) && SKIPPED_DIRECTORIES.contains(
                                    dir.getFileName().toString())) {
                                return FileVisitResult.SKIP_SUBTREE;
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                            if (attributes.isRegularFile() && readable(file, attributes)) {
                                candidates.add(file);
                            } else {
                                skipped[0]++;
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            skipped[0]++;
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            skipped[0]++;
        }
        candidates.sort(Comparator.comparing(file -> RepoDirectory.relative(directory, file)));
        List<ScannedFile> files = new ArrayList<>();
        for (Path file : candidates) {
            if (files.size() >= Examples.MAX_FILES_PER_EXAMPLE) {
                skipped[0]++;
                continue;
            }
            Optional<String> text = readText(file);
            if (text.isPresent()) {
                files.add(new ScannedFile(RepoDirectory.relative(directory, file), text.get()));
            } else {
                skipped[0]++;
            }
        }
        return new ScannedExample(directory.getFileName().toString(), List.copyOf(files), skipped[0]);
    }

    /** Whether a regular file may be opened at all: not a secrets file, not binary by name, not too large. */
    private static boolean readable(Path file, BasicFileAttributes attributes) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (Redaction.isSecretsFile(name) || attributes.size() > Examples.MAX_FILE_BYTES) {
            return false;
        }
        int dot = name.lastIndexOf('.');
        return dot < 0 || !BINARY_EXTENSIONS.contains(name.substring(dot + 1));
    }

    /** The file's text, opened without following a link; empty when it is not UTF-8 text or cannot be read. */
    static Optional<String> readText(Path file) {
        try (SeekableByteChannel channel = Files.newByteChannel(file, Set.of(StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS))) {
            ByteBuffer buffer = ByteBuffer.allocate(Examples.MAX_FILE_BYTES + 1);
            int read;
            do {
                read = channel.read(buffer);
            } while (read > 0 && buffer.hasRemaining());
            if (!buffer.hasRemaining()) {
                return Optional.empty();
            }
            buffer.flip();
            for (int i = buffer.position(); i < buffer.limit(); i++) {
                if (buffer.get(i) == 0) {
                    return Optional.empty();
                }
            }
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(buffer).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
