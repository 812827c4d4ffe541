package dev.colony.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one check of a directory Colony trusts: made for this user alone when missing, refused when another user
 * could write to it, to a directory above it (unless sticky) or could have swapped it for a link.
 */
class PrivateDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void aMissingDirectoryIsCreatedForThisUserAloneWithItsParents() throws IOException {
        Path nested = dir.resolve("home").resolve("native");

        assertThat(PrivateDirectory.ensure(nested)).isEmpty();

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(nested))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(nested.getParent())))
                .isEqualTo("rwx------");
        assertThat(PrivateDirectory.ensure(nested)).as("an existing private directory is used as it is").isEmpty();
    }

    @Test
    void aDirectoryOthersMayWriteIsRefusedNamingIt() throws IOException {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThat(PrivateDirectory.ensure(shared)).hasValueSatisfying(why -> assertThat(why)
                .contains(shared.toString()).contains("other users"));
        assertThat(PrivateDirectory.ensure(shared.resolve("native"))).as("nor anything made under it")
                .hasValueSatisfying(why -> assertThat(why).contains(shared.toString()));
    }

    @Test
    void aDirectoryUnderAStickySharedOneIsTrustedAndUnderAPlainSharedOneIsNot() throws IOException {
        Path plain = Files.createDirectory(dir.resolve("plain"));
        Files.setPosixFilePermissions(plain, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path sticky = Files.createDirectory(dir.resolve("sticky"));
        Files.setAttribute(sticky, "unix:mode", 01777);

        assertThat(PrivateDirectory.ensure(plain.resolve("colony"))).isPresent();
        assertThat(PrivateDirectory.ensure(sticky.resolve("colony"))).isEmpty();
    }

    @Test
    void aLinkIsRefusedEvenToAPrivateDirectory() throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);

        assertThat(PrivateDirectory.ensure(link)).hasValueSatisfying(why -> assertThat(why).contains("link"));
    }

    @Test
    void aFileInTheWayIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("native"), "not a directory");

        assertThat(PrivateDirectory.ensure(file)).hasValueSatisfying(why -> assertThat(why).contains("not a directory"));
    }
}
