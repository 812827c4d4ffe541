package dev.colony.embedding.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Weights read from a file: the class path's own, or a copy unpacked once per build of the weights. */
class ModelWeightsTest {

    @TempDir
    Path dir;

    @Test
    void weightsInAJarAreUnpackedOnceAndAnotherBuildOfThemGetsAFileOfItsOwn() throws IOException {
        Path trusted = Files.createDirectories(dir.resolve("native"));
        Path first = jar("first.jar", "models/tiny.onnx", "weights, first build");
        Path second = jar("second.jar", "models/tiny.onnx", "weights, second build, longer");

        Path unpacked;
        try (URLClassLoader loader = loader(first)) {
            unpacked = ModelWeights.file(loader, "models/tiny.onnx", trusted).orElseThrow();
            assertThat(unpacked.getParent()).isEqualTo(trusted.resolve(ModelWeights.DIRECTORY));
            assertThat(unpacked.getFileName().toString()).startsWith("tiny-").endsWith(".onnx");
            assertThat(Files.readString(unpacked)).isEqualTo("weights, first build");

            FileTime marked = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
            Files.setLastModifiedTime(unpacked, marked);
            assertThat(ModelWeights.file(loader, "models/tiny.onnx", trusted)).contains(unpacked);
            assertThat(Files.getLastModifiedTime(unpacked)).as("not written again").isEqualTo(marked);
        }
        try (URLClassLoader loader = loader(second)) {
            Path other = ModelWeights.file(loader, "models/tiny.onnx", trusted).orElseThrow();
            assertThat(other).isNotEqualTo(unpacked);
            assertThat(Files.readString(other)).isEqualTo("weights, second build, longer");
        }
        try (Stream<Path> files = Files.list(trusted.resolve(ModelWeights.DIRECTORY))) {
            assertThat(files.map(path -> path.getFileName().toString()).toList()).as("no partial copy left")
                    .hasSize(2).allMatch(name -> name.endsWith(".onnx"));
        }
    }

    @Test
    void withoutATrustedDirectoryWeightsInAJarAreReadAsBytesAndAFileOnTheClassPathIsItself() throws IOException {
        Path jarred = jar("model.jar", "tiny.onnx", "weights");
        try (URLClassLoader loader = loader(jarred)) {
            assertThat(ModelWeights.file(loader, "tiny.onnx", null)).isEmpty();
            assertThat(ModelWeights.file(loader, "absent.onnx", dir)).isEmpty();
        }
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path plain = Files.writeString(classes.resolve("plain.onnx"), "weights");
        try (URLClassLoader loader = loader(classes)) {
            Optional<Path> found = ModelWeights.file(loader, "plain.onnx", null);
            assertThat(found).hasValueSatisfying(path -> assertThat(path).isEqualTo(plain));
        }
    }

    @Test
    void weightsThatCannotBeUnpackedAreReadAsBytes() throws IOException {
        Path trusted = Files.createDirectories(dir.resolve("native"));
        Files.writeString(trusted.resolve(ModelWeights.DIRECTORY), "a file where the directory would go");
        try (URLClassLoader loader = loader(jar("model.jar", "tiny.onnx", "weights"))) {
            assertThat(ModelWeights.file(loader, "tiny.onnx", trusted)).isEmpty();
        }
    }

    private Path jar(String name, String entry, String content) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry(entry));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return jar;
    }

    private static URLClassLoader loader(Path root) throws IOException {
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }
}
