package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.kernel.RepoDirectory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * Reads a repository's {@code SPEC.md}: the root named by the caller is checked (absolute, no {@code ..}) and
 * resolved to its real path; the file in it is opened without following a link and must be a regular file of
 * valid UTF-8. The bytes are decoded strictly, so the document's text encodes back to them exactly and its root
 * hash is the hash of the file.
 */
final class SpecFiles {

    private SpecFiles() {
    }

    /** See {@link Specs#read}. */
    static SpecDocument read(Path repoRoot) {
        Path file = root(repoRoot).resolve(Specs.FILE_NAME);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "repo_root", "no " + Specs.FILE_NAME + " in " + repoRoot);
        } catch (IOException e) {
            throw unreadable(e);
        }
        if (attributes.isSymbolicLink()) {
            throw ColonyException.invalid("repo_root", Specs.FILE_NAME + " is a symbolic link; it is not followed");
        }
        if (!attributes.isRegularFile()) {
            throw ColonyException.invalid("repo_root", Specs.FILE_NAME + " is not a regular file");
        }
        if (attributes.size() > Specs.MAX_BYTES) {
            throw SpecParser.tooLarge();
        }
        return SpecParser.parse(decode(bytes(file)));
    }

    /** The real path of a repository root a caller names (see {@link RepoDirectory#real}). */
    static Path root(Path repoRoot) {
        return RepoDirectory.real(repoRoot);
    }

    /** The bytes of a regular file, opened without following a link, at most {@link Specs#MAX_BYTES}. */
    static byte[] bytes(Path file) {
        try (SeekableByteChannel channel = Files.newByteChannel(file, Set.of(StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS))) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(Specs.MAX_BYTES + 1L, channel.size() + 1));
            while (channel.read(buffer) > 0) {
                if (!buffer.hasRemaining()) {
                    if (buffer.capacity() > Specs.MAX_BYTES) {
                        throw SpecParser.tooLarge();
                    }
                    // The file grew since it was measured: read on, within the limit.
                    ByteBuffer larger = ByteBuffer.allocate(Math.min(Specs.MAX_BYTES + 1, buffer.capacity() * 2));
                    buffer.flip();
                    larger.put(buffer);
                    buffer = larger;
                }
            }
            byte[] bytes = new byte[buffer.position()];
            buffer.flip().get(bytes);
            return bytes;
        } catch (IOException e) {
            throw unreadable(e);
        }
    }

    /** The bytes as strict UTF-8. */
    static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw ColonyException.invalid("spec", Specs.FILE_NAME + " is not valid UTF-8 text");
        }
    }

    /**
     * The real path of a repository root that spec changes may write into: {@link #root} plus a directory owned by
     * this process's user, writable by it and not writable by others (so no other user can swap a file under it).
     */
    static Path writableRoot(Path repoRoot) {
        Path real = root(repoRoot);
        try {
            UserPrincipal me = real.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
            if (!Files.getOwner(real, LinkOption.NOFOLLOW_LINKS).equals(me)) {
                throw ColonyException.invalid("repo_root", "is not owned by the user this process runs as");
            }
            if (Files.getFileStore(real).supportsFileAttributeView(PosixFileAttributeView.class)
                    && Files.getPosixFilePermissions(real, LinkOption.NOFOLLOW_LINKS)
                            .contains(PosixFilePermission.OTHERS_WRITE)) {
                throw ColonyException.invalid("repo_root", "is writable by other users");
            }
        } catch (IOException e) {
            throw ColonyException.invalid("repo_root", "cannot read the directory's owner ("
                    + e.getClass().getSimpleName() + ")");
        }
        if (!Files.isWritable(real)) {
            throw ColonyException.invalid("repo_root", "is not writable");
        }
        return real;
    }

    private static ColonyException unreadable(IOException e) {
        if (e instanceof AccessDeniedException) {
            return ColonyException.invalid("repo_root", Specs.FILE_NAME + " or its directory is not readable");
        }
        if (e.getMessage() != null && e.getMessage().contains("symbolic link")) {
            return ColonyException.invalid("repo_root", Specs.FILE_NAME + " is a symbolic link; it is not followed");
        }
        return ColonyException.invalid("repo_root", "cannot read " + Specs.FILE_NAME + " ("
                + e.getClass().getSimpleName() + ")");
    }
}
