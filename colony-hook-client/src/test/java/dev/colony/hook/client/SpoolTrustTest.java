package dev.colony.hook.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.PrivateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spool trusts a directory exactly when {@link PrivateDirectory} does (this module restates the rule, as it may
 * depend on nothing but the JDK): a private directory of this user, and not a wider one, a link, a file or another
 * user's directory.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class SpoolTrustTest {

    @TempDir
    Path dir;

    @Test
    void theSpoolAndThePrivateDirectoryRuleGiveTheSameVerdicts() throws Exception {
        List<Path> cases = new ArrayList<>();
        for (String mode : List.of("rwx------", "rwxr-xr-x", "rwxrwx---", "rwxrwxrwx", "rwx----w-")) {
            Path path = Files.createDirectory(dir.resolve(mode.replace('-', '_')));
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
            cases.add(path);
        }
        cases.add(Files.createSymbolicLink(dir.resolve("link"), cases.get(0)));
        cases.add(Files.writeString(dir.resolve("file"), "x"));
        cases.add(dir.resolve("missing"));
        try {
            Path foreign = Files.createDirectory(dir.resolve("foreign"));
            Files.setOwner(foreign, dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(
                    "nobody"));
            cases.add(foreign);
        } catch (IOException | UnsupportedOperationException e) {
            // Only a process that may give a directory away can make another user's.
        }

        for (Path path : cases) {
            assertThat(HookSpool.trusted(path)).as(path.toString()).isEqualTo(PrivateDirectory.trusted(path));
        }
        assertThat(cases.stream().filter(PrivateDirectory::trusted).toList()).containsExactlyInAnyOrder(cases.get(0),
                cases.get(1));
    }
}
