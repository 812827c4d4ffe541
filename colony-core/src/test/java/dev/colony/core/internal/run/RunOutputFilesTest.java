package dev.colony.core.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.RunId;
import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output directory: created private, refused (not narrowed) when someone else could write to it, never writing
 * or reading through a link planted in it, and a run's output capped to its newest bytes in segments that read as
 * one window.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class RunOutputFilesTest {

    private static final RunId RUN = new RunId("b12345678");

    @TempDir
    Path dir;

    @Test
    void theDirectoryIsCreatedPrivateAndAWiderOneIsRefused() throws Exception {
        Path runs = dir.resolve("home/runs");
        RunOutputFiles.prepare(runs);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs.getParent())))
                .as("a parent Colony creates is private too").isEqualTo("rwx------");

        Path wide = Files.createDirectories(dir.resolve("wide"));
        Files.setPosixFilePermissions(wide, PosixFilePermissions.fromString("rwxrwxr-x"));
        assertThatThrownBy(() -> RunOutputFiles.prepare(wide)).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE);
            assertThat(e.getMessage()).contains(wide.toString(), "rwxrwxr-x");
        });
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(wide))).isEqualTo("rwxrwxr-x");
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
        Path victim = Files.createDirectories(dir.resolve("victim"));
        Files.createSymbolicLink(files.output(RUN), victim);

        assertThatThrownBy(() -> files.create(RUN)).isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> files.read(RUN, 0, 100)).as("reading does not follow it either")
                .isInstanceOf(UncheckedIOException.class);
        try (Stream<Path> left = Files.list(victim)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anOutputIsCreatedOncePrivateAndReadByWindow() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        copy(files, RUN, 1024, "0123456789");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.output(RUN))))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.output(RUN).resolve("0"))))
                .isEqualTo("rw-------");
        assertThatThrownBy(() -> files.create(RUN)).isInstanceOf(FileAlreadyExistsException.class);

        assertThat(files.read(RUN, -1, 4)).isEqualTo(new RunOutputFiles.Window("6789", 6, 10, 10, 0));
        assertThat(files.read(RUN, 2, 3)).isEqualTo(new RunOutputFiles.Window("234", 2, 5, 10, 0));
        assertThat(files.read(RUN, 50, 3)).isEqualTo(new RunOutputFiles.Window("", 10, 10, 10, 0));
        assertThat(files.read(new RunId("b00000000"), -1, 3)).isEqualTo(new RunOutputFiles.Window("", 0, 0, 0, 0));
    }

    @Test
    void aCappedOutputKeepsItsNewestBytesAndReadsThemAsOneWindow() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            text.append(String.format("%04d|", i));
        }
        CappedOutput output = copy(files, RUN, 1024, text.toString());

        assertThat(output.written()).isEqualTo(5_000);
        assertThat(output.dropped()).isEqualTo(4_096);
        try (Stream<Path> segments = Files.list(files.output(RUN))) {
            assertThat(segments.map(path -> path.getFileName().toString()).sorted().toList())
                    .containsExactly("4096", "4608");
        }
        assertThat(files.size(RUN)).isEqualTo(5_000);
        RunOutputFiles.Window all = files.read(RUN, 0, 10_000);
        assertThat(all).isEqualTo(new RunOutputFiles.Window(text.substring(4_096), 4_096, 5_000, 5_000, 4_096));
        assertThat(files.read(RUN, 4_600, 20).text()).as("a window across two segments")
                .isEqualTo(text.substring(4_600, 4_620));
        assertThat(files.read(RUN, -1, 5).text()).isEqualTo("0999|");
    }

    @Test
    void anOutputFileOfAnEarlierVersionReadsAsOneSegment() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        Files.writeString(files.output(RUN), "legacy output", StandardCharsets.UTF_8);
        assertThat(files.read(RUN, -1, 6)).isEqualTo(new RunOutputFiles.Window("output", 7, 13, 13, 0));
    }

    private static CappedOutput copy(RunOutputFiles files, RunId id, long cap, String text) throws Exception {
        CappedOutput output = CappedOutput.create(files, id, cap);
        output.copy(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        assertThat(output.drained()).isDone();
        return output;
    }

    @Test
    void segmentsAreNamedByWhereTheyStart() throws Exception {
        RunOutputFiles files = RunOutputFiles.prepare(dir.resolve("runs"));
        copy(files, RUN, 2048, "x".repeat(2_500));
        try (Stream<Path> segments = Files.list(files.output(RUN))) {
            assertThat(segments.map(path -> path.getFileName().toString()).sorted().toList())
                    .isEqualTo(List.of("1024", "2048"));
        }
    }
}
