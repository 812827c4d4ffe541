package dev.colony.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.RunId;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The output directory: private, and never writing or reading through a link planted in it. */
@EnabledOnOs({OS.LINUX, OS.MAC})
class RunOutputFilesTest {

    private static final RunId RUN = new RunId("b12345678");

    @TempDir
    Path dir;

    @Test
    void theDirectoryIsCreatedPrivateAndAWiderOneIsNarrowed() throws Exception {
        Path runs = dir.resolve("home/runs");
        RunOutputFiles.prepare(runs);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs))).isEqualTo("rwx------");

        Path wide = Files.createDirectories(dir.resolve("wide"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(wide, PosixFilePermissions.fromString("rwxrwxrwx"));
        RunOutputFiles.prepare(wide);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(wide))).isEqualTo("rwx------");
    }

    @Test
    void aLinkInPlaceOfTheDirectoryIsRefused() throws Exception {
        Path real = Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("runs"), real);
        assertThatThrownBy(() -> RunOutputFiles.prepare(link)).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
    }

    @Test
    void aLinkPlantedWhereTheOutputGoesIsNeverFollowed() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious", StandardCharsets.UTF_8);
        Files.createSymbolicLink(files.output(RUN), victim);

        assertThatThrownBy(() -> files.create(RUN)).isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> files.read(RUN, 0, 100)).as("reading does not follow it either")
                .isInstanceOf(UncheckedIOException.class);
        assertThat(Files.readString(victim, StandardCharsets.UTF_8)).isEqualTo("precious");
    }

    @Test
    void anOutputFileIsCreatedOncePrivateAndReadByWindow() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        Path file = files.create(RUN);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThatThrownBy(() -> files.create(RUN)).isInstanceOf(FileAlreadyExistsException.class);
        Files.writeString(file, "0123456789", StandardCharsets.UTF_8);

        assertThat(files.read(RUN, -1, 4)).isEqualTo(new RunOutputFiles.Window("6789", 6, 10, 10));
        assertThat(files.read(RUN, 2, 3)).isEqualTo(new RunOutputFiles.Window("234", 2, 5, 10));
        assertThat(files.read(RUN, 50, 3)).isEqualTo(new RunOutputFiles.Window("", 10, 10, 10));
        assertThat(files.read(new RunId("b00000000"), -1, 3)).isEqualTo(new RunOutputFiles.Window("", 0, 0, 0));
    }
}
