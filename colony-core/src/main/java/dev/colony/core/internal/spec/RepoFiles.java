package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.spec.Specs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The files of one repository's spec changes, reached from its root's real path only: every path is built from
 * checked names (no {@code ..}, no separator), every component is looked at without following a link and refused
 * when it is one, and every file is written to a temporary file in its directory, forced to disk and renamed over
 * its target atomically.
 *
 * @param root the repository root's real path
 */
record RepoFiles(Path root) {

    private static final Set<StandardOpenOption> NEW_FILE = Set.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);

    /** The path of {@code names} under the root; each name is one plain component. */
    Path path(String... names) {
        Path path = root;
        for (String name : names) {
            if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0
                    || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("not a plain file name: " + name);
            }
            path = path.resolve(name);
        }
        return path;
    }

    /** The path relative to the root, with forward slashes, as tools report it. */
    String relative(Path path) {
        return root.relativize(path).toString().replace('\\', '/');
    }

    /** The attributes of the path, not following a link; empty when it does not exist. */
    Optional<BasicFileAttributes> attributes(Path path) {
        if (!path.startsWith(root)) {
            throw new IllegalArgumentException(path + " is outside " + root);
        }
        try {
            return Optional.of(Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw failed("read", path, e);
        }
    }

    /** Whether the directory {@code names} exists under the root (refusing a link on the way). */
    boolean isDirectory(String... names) {
        Path path = root;
        for (String name : names) {
            path = path.resolve(name);
            Optional<BasicFileAttributes> found = attributes(path);
            if (found.isEmpty()) {
                return false;
            }
            refuseLink(path, found.get());
            if (!found.get().isDirectory()) {
                throw ColonyException.invalid("repo_root", relative(path) + " is not a directory");
            }
        }
        return true;
    }

    /** Creates the directories {@code names} as needed, refusing a link or a file on the way; returns the last. */
    Path directories(String... names) {
        path(names);
        Path path = root;
        for (String name : names) {
            path = path.resolve(name);
            Optional<BasicFileAttributes> found = attributes(path);
            if (found.isEmpty()) {
                try {
                    Files.createDirectory(path);
                } catch (FileAlreadyExistsException e) {
                    // Made meanwhile by another process: checked below like an existing one.
                } catch (IOException e) {
                    throw failed("create", path, e);
                }
                found = attributes(path);
            }
            refuseLink(path, found.orElseThrow());
            if (!found.get().isDirectory()) {
                throw ColonyException.invalid("repo_root", relative(path) + " is not a directory");
            }
        }
        return path;
    }

    /** The text of a regular file, strictly UTF-8, not following a link; empty when it does not exist. */
    Optional<String> read(Path file) {
        Optional<BasicFileAttributes> found = attributes(file);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        refuseLink(file, found.get());
        if (!found.get().isRegularFile()) {
            throw ColonyException.invalid("repo_root", relative(file) + " is not a regular file");
        }
        if (found.get().size() > Specs.MAX_BYTES) {
            throw SpecParser.tooLarge();
        }
        return Optional.of(SpecFiles.decode(SpecFiles.bytes(file)));
    }

    /** Writes {@code text} to a new temporary file {@code temp} (replacing a leftover one) and forces it to disk. */
    void writeTemp(Path temp, String text) {
        deleteIfExists(temp);
        try (FileChannel channel = FileChannel.open(temp, NEW_FILE, filePermissions())) {
            ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        } catch (IOException e) {
            throw failed("write", temp, e);
        }
    }

    /** Writes {@code text} to {@code file} atomically: a forced temporary file in its directory, renamed over it. */
    void write(Path file, String text) {
        Optional<BasicFileAttributes> existing = attributes(file);
        if (existing.isPresent()) {
            refuseLink(file, existing.get());
        }
        Path temp = file.resolveSibling("." + file.getFileName() + ".tmp");
        writeTemp(temp, text);
        move(temp, file);
    }

    /** Renames {@code from} to {@code to} atomically (replacing a file {@code to}), and forces the directory. */
    void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw ColonyException.invalid("repo_root", "its file system cannot rename " + relative(from)
                    + " atomically");
        } catch (IOException e) {
            throw failed("rename", from, e);
        }
        forceDirectory(to.getParent());
    }

    /** Deletes the file if it is there (a link itself, never its target). */
    void deleteIfExists(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw failed("delete", file, e);
        }
    }

    /** Forces a directory's entries to disk, where the platform allows it. */
    void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a directory; the rename itself is still atomic there.
        }
    }

    /** Refuses a symbolic link. */
    void refuseLink(Path path, BasicFileAttributes attributes) {
        if (attributes.isSymbolicLink() || attributes.isOther()) {
            throw ColonyException.invalid("repo_root", relative(path) + " is a symbolic link or special file; "
                    + "it is not followed");
        }
    }

    /** {@code rw-r--r--} where the file system has POSIX permissions. */
    FileAttribute<?>[] filePermissions() {
        try {
            if (Files.getFileStore(root).supportsFileAttributeView("posix")) {
                return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-r--r--"))};
            }
        } catch (IOException e) {
            // Fall through: the platform's default permissions.
        }
        return new FileAttribute<?>[0];
    }

    private ColonyException failed(String what, Path path, IOException e) {
        return ColonyException.about(ErrorCode.INVALID_ARGUMENT, "repo_root", "cannot " + what + " "
                + relative(path) + " (" + e.getClass().getSimpleName() + ")");
    }
}
