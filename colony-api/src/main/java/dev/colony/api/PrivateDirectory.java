package dev.colony.api;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The one check of a directory whose files Colony trusts (shell runs' output and pid files, the hook spool): a file
 * in a directory someone else may write to could be theirs (forged output, a planted pid file), so such a
 * directory is refused, never narrowed and used.
 *
 * <p>{@link #distrust} checks the directory itself: a real directory (not a link) of this process's user (the JVM's
 * {@code user.name}) that neither its group nor other users may write to. {@link #distrustPath} also checks every
 * directory above it (links resolved): each belongs to this user or to {@code root}, and one that others may write
 * to must be sticky (as {@code /tmp} is), so that nobody else can rename or replace what it holds. Without POSIX
 * permissions (Windows) nothing can be checked, so nothing is trusted. {@link #ensure} creates a missing directory
 * for this user alone before checking it the same way.
 */
public final class PrivateDirectory {

    private static final int STICKY = 01000;

    private PrivateDirectory() {
    }

    /** Whether {@link #distrust} finds nothing against {@code dir}. */
    public static boolean trusted(Path dir) {
        return distrust(dir).isEmpty();
    }

    /** Why {@code dir} itself cannot be trusted (a sentence naming it), or empty when it can. */
    public static Optional<String> distrust(Path dir) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                return Optional.of(dir + " is a symbolic link");
            }
            if (!attributes.isDirectory()) {
                return Optional.of(dir + " is not a directory");
            }
            String user = System.getProperty("user.name");
            String owner = attributes.owner().getName();
            if (!owner.equals(user)) {
                return Optional.of(dir + " belongs to " + owner + ", not to " + user);
            }
            if (othersMayWrite(attributes.permissions())) {
                return Optional.of(dir + " may be written by other users (mode "
                        + PosixFilePermissions.toString(attributes.permissions()) + ")");
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.of(dir + " cannot be checked: " + e);
        }
    }

    /**
     * Why {@code dir} or a directory above it cannot be trusted (a sentence naming the directory at fault), or empty
     * when none is.
     */
    public static Optional<String> distrustPath(Path dir) {
        Optional<String> own = distrust(dir);
        if (own.isPresent()) {
            return own;
        }
        try {
            for (Path above = dir.toRealPath().getParent(); above != null; above = above.getParent()) {
                PosixFileAttributes attributes = Files.readAttributes(above, PosixFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                String owner = attributes.owner().getName();
                if (!owner.equals(System.getProperty("user.name")) && !owner.equals("root")) {
                    return Optional.of(above + " belongs to " + owner + ", who could replace what it holds");
                }
                if (othersMayWrite(attributes.permissions()) && !sticky(above)) {
                    return Optional.of(above + " may be written by other users (mode "
                            + PosixFilePermissions.toString(attributes.permissions()) + ") and is not sticky, so "
                            + "they could replace what it holds");
                }
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.of(dir + " cannot be checked: " + e);
        }
    }

    /**
     * Creates {@code dir} and each missing directory above it for this user alone ({@code rwx------}), unless it
     * exists (another process creating it first is fine), then checks it as {@link #distrustPath} does: why it
     * cannot be trusted, or cannot be created (a sentence naming it), or empty when it is ready to use.
     */
    public static Optional<String> ensure(Path dir) {
        try {
            createPrivate(dir);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.of(dir + " cannot be created: " + e);
        }
        return distrustPath(dir);
    }

    private static void createPrivate(Path dir) throws IOException {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            createPrivate(parent);
        }
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] ownerOnly = posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------"))} : new FileAttribute<?>[0];
        try {
            Files.createDirectory(dir, ownerOnly);
        } catch (FileAlreadyExistsException raced) {
            // Another process made it first: it is checked like any existing one.
        }
    }

    private static boolean othersMayWrite(Set<PosixFilePermission> permissions) {
        return permissions.contains(PosixFilePermission.GROUP_WRITE)
                || permissions.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /** Whether only an entry's owner may rename or remove it in {@code dir}; false when the system cannot say. */
    private static boolean sticky(Path dir) {
        try {
            return Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS) instanceof Integer mode
                    && (mode & STICKY) != 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }
}
