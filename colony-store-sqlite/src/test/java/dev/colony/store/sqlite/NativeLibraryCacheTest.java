package dev.colony.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite's native library lives in one cache file per version that later processes reuse, so a killed
 * process leaves nothing in the temporary directory, where sqlite-jdbc's own extraction leaks a copy per
 * kill. A cache another user could write to is not trusted with native code.
 */
class NativeLibraryCacheTest {

    @TempDir
    Path dir;

    @Test
    void theLibraryIsWrittenOnceAndThenReusedUntouched() throws IOException {
        Path library = NativeLibraryCache.extractTo(dir).orElseThrow();
        assertThat(library).isRegularFile().startsWith(dir.resolve("colony").resolve("native"));
        assertThat(library.getParent().getParent().getFileName().toString()).startsWith("sqlite-jdbc-3.");
        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(library, written);
        Object identity = Files.readAttributes(library, java.nio.file.attribute.BasicFileAttributes.class).fileKey();

        Path again = NativeLibraryCache.extractTo(dir).orElseThrow();

        assertThat(again).isEqualTo(library);
        assertThat(Files.getLastModifiedTime(again)).as("reused, not rewritten").isEqualTo(written);
        assertThat(Files.readAttributes(again, java.nio.file.attribute.BasicFileAttributes.class).fileKey())
                .isEqualTo(identity);
        try (Stream<Path> files = Files.list(library.getParent())) {
            assertThat(files).as("no partial files left beside it").containsExactly(library);
        }
    }

    @Test
    void aDamagedCopyIsReplaced() throws IOException {
        Path library = NativeLibraryCache.extractTo(dir).orElseThrow();
        long size = Files.size(library);
        Files.write(library, new byte[] {1, 2, 3});

        NativeLibraryCache.extractTo(dir);

        assertThat(Files.size(library)).isEqualTo(size);
    }

    @Test
    void laterProcessesFindTheLibraryThroughThePointerFileWithoutAskingThePlatformAgain() throws IOException {
        Path library = NativeLibraryCache.locate(dir).orElseThrow();
        Path pointer = NativeLibraryCache.pointerFile(dir);
        assertThat(pointer).isRegularFile();
        assertThat(Files.readAllLines(pointer)).containsExactly(library.toString(),
                Long.toString(Files.size(library)));

        // A pointer naming another (existing, right-sized) file is trusted as it is: no lookup, no extraction.
        Path elsewhere = Files.writeString(dir.resolve("stand-in.so"), "stand-in");
        Files.writeString(pointer, elsewhere + "\n" + Files.size(elsewhere) + "\n");
        assertThat(NativeLibraryCache.locate(dir)).contains(elsewhere);

        // A pointer to a missing or damaged file is not: the library is found and extracted again.
        Files.write(elsewhere, new byte[] {1, 2, 3});
        assertThat(NativeLibraryCache.locate(dir)).contains(library);
        assertThat(Files.readAllLines(pointer)).first().isEqualTo(library.toString());
        Files.delete(library);
        assertThat(NativeLibraryCache.locate(dir)).contains(library);
        assertThat(library).isRegularFile();
    }

    @Test
    void aCacheAnotherUserCouldWriteIsNeitherReadNorWritten() throws IOException {
        Path shared = Files.createDirectories(dir.resolve("colony").resolve("native"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path planted = Files.writeString(dir.resolve("planted.so"), "planted");
        Path pointer = NativeLibraryCache.pointerFile(dir);
        Files.createDirectories(pointer.getParent());
        Files.writeString(pointer, planted + "\n" + Files.size(planted) + "\n");

        assertThatThrownBy(() -> NativeLibraryCache.locate(dir)).isInstanceOf(IOException.class)
                .hasMessageContaining(shared.toString());
        try (Stream<Path> files = Files.walk(shared)) {
            assertThat(files.filter(Files::isRegularFile)).as("nothing extracted into it").containsExactly(pointer);
        }
    }

    @Test
    void theCacheRootFollowsThePlatformAndCanBeChosenOrTurnedOff() {
        Properties linux = new Properties();
        linux.setProperty("os.name", "Linux");
        linux.setProperty("user.home", "/home/ann");
        Properties mac = new Properties();
        mac.setProperty("os.name", "Mac OS X");
        mac.setProperty("user.home", "/Users/ann");
        Properties windows = new Properties();
        windows.setProperty("os.name", "Windows 11");
        windows.setProperty("user.home", "C:\\Users\\ann");

        assertThat(NativeLibraryCache.cacheRoot(null, Map.of(), linux)).contains(Path.of("/home/ann/.cache"));
        assertThat(NativeLibraryCache.cacheRoot(null, Map.of("XDG_CACHE_HOME", "/var/cache/ann"), linux))
                .contains(Path.of("/var/cache/ann"));
        assertThat(NativeLibraryCache.cacheRoot(null, Map.of("XDG_CACHE_HOME", "relative"), linux))
                .as("a relative XDG_CACHE_HOME is ignored, as the XDG rules say").contains(Path.of("/home/ann/.cache"));
        assertThat(NativeLibraryCache.cacheRoot(null, Map.of(), mac)).contains(Path.of("/Users/ann/Library/Caches"));
        assertThat(NativeLibraryCache.cacheRoot(null, Map.of("LOCALAPPDATA", "/appdata"), windows))
                .contains(Path.of("/appdata"));
        assertThat(NativeLibraryCache.cacheRoot("/opt/colony-cache", Map.of(), linux))
                .contains(Path.of("/opt/colony-cache"));
        assertThat(NativeLibraryCache.cacheRoot("none", Map.of(), linux)).isEqualTo(Optional.empty());
        assertThat(NativeLibraryCache.cacheRoot(null, Map.of("HOME", "/srv/ann"), linux))
                .as("the home the shell knows wins over the JVM's").contains(Path.of("/srv/ann/.cache"));
    }

    @Test
    void killedProcessesLeaveNoLibraryInTheTemporaryDirectory() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path cache = dir.resolve("cache");
        for (int i = 0; i < 2; i++) {
            killAfterOpen(tmp, cache.toString(), "run-" + i);
        }

        assertThat(sqliteFiles(tmp)).as("files sqlite-jdbc left in java.io.tmpdir").isEmpty();
        try (Stream<Path> cached = Files.walk(cache)) {
            assertThat(cached.filter(Files::isRegularFile).filter(file -> !file.toString().endsWith(".path"))
                    .toList()).as("one cached library for both runs").hasSize(1);
        }
    }

    @Test
    void withoutTheCacheEveryKillLeaksACopy() throws Exception {
        // The control: sqlite-jdbc's own extraction, which the cache replaces, leaks one copy per kill.
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        for (int i = 0; i < 2; i++) {
            killAfterOpen(tmp, NativeLibraryCache.DISABLED, "run-" + i);
        }

        assertThat(sqliteFiles(tmp).stream().filter(name -> !name.endsWith(".lck")).toList()).hasSize(2);
    }

    private void killAfterOpen(Path tmp, String cacheSetting, String name) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + tmp, "-D" + NativeLibraryCache.DIRECTORY_PROPERTY + "=" + cacheSetting,
                "-cp", System.getProperty("java.class.path"), KilledProcess.class.getName(),
                dir.resolve(name + ".db").toString()));
        Process process = new ProcessBuilder(command).redirectError(dir.resolve(name + ".log").toFile()).start();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).as("the process opened its store; its log: %s",
                    Files.readString(dir.resolve(name + ".log"))).startsWith("open ");
        } finally {
            process.destroyForcibly();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(process.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
    }

    private static List<String> sqliteFiles(Path tmp) throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("sqlite-"))
                    .toList();
        }
    }
}
