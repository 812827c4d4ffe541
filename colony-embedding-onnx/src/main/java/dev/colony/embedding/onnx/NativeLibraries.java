package dev.colony.embedding.onnx;

import dev.colony.api.PrivateDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the native libraries of the embedding models go, so that running a model leaves nothing behind
 * but one directory of Colony's choosing.
 *
 * <p>Two libraries unpack native code. The ONNX runtime extracts its libraries into a new temporary
 * directory on every start, marks them for deletion at exit and leaves the directory itself; here its
 * two libraries are unpacked once into {@code <dir>/onnxruntime-<version>/<platform>/} and named with
 * {@code onnxruntime.native.path}, and the temporary directory it still makes (for a provider library
 * the CPU never uses) is removed as soon as the runtime has started. DJL's tokenizer unpacks its
 * library under {@code ~/.djl.ai} unless told otherwise; here {@code ENGINE_CACHE_DIR} points it to
 * {@code <dir>/djl}, and {@code ai.djl.offline} keeps it from looking for GPU builds on the network; the
 * JNA library DJL uses would make {@code ~/.cache/JNA}, and {@code jna.tmpdir} sends it to {@code <dir>/jna}.
 * System properties the host set itself are left as they are. The models' weights unpack under
 * {@code <dir>/models} ({@link ModelWeights}), so that the runtime reads them from a file.
 *
 * <p>Native code is loaded from that directory, so it is trusted only as {@link PrivateDirectory#ensure} allows:
 * created for this user alone when missing, and refused when another user could write to it or to a directory
 * above it (a {@code COLONY_HOME} under a shared temporary directory, say), where a planted library would run as
 * this user. Then nothing points there: each library unpacks into a fresh private directory of its own, as it
 * does by default, and a warning names the directory and why.
 */
final class NativeLibraries {

    private static final Logger LOG = LoggerFactory.getLogger(NativeLibraries.class);
    private static final String ORT_PATH = "onnxruntime.native.path";
    private static final List<String> ORT_LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni");

    private NativeLibraries() {
    }

    /**
     * Points the native libraries at {@code directory}, unpacking the ONNX runtime's there once; leaves them to
     * their own defaults when the directory cannot be trusted.
     *
     * @return whether {@code directory} was trusted and used
     *
     * @throws UncheckedIOException when the directory cannot be written
     */
    static synchronized boolean prepare(Path directory) {
        Optional<String> distrust = PrivateDirectory.ensure(directory);
        if (distrust.isPresent()) {
            LOG.warn("native libraries are not cached in {}: {}; each unpacks into a private temporary directory",
                    directory, distrust.get());
            return false;
        }
        if (System.getProperty("ENGINE_CACHE_DIR") == null && System.getenv("ENGINE_CACHE_DIR") == null) {
            System.setProperty("ENGINE_CACHE_DIR", directory.resolve("djl").toString());
        }
        if (System.getProperty("jna.tmpdir") == null) {
            System.setProperty("jna.tmpdir", directory.resolve("jna").toString());
        }
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        if (System.getProperty(ORT_PATH) == null) {
            platform().ifPresent(platform -> unpackOnnxRuntime(directory, platform));
        }
        return true;
    }

    /** The ONNX runtime's name for this platform ({@code linux-x64}), when it ships libraries for it. */
    private static Optional<String> platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osName = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win"
                : os.contains("nux") ? "linux" : null;
        String archName = arch.startsWith("amd64") || arch.startsWith("x86_64") ? "x64"
                : arch.startsWith("aarch64") ? "aarch64" : null;
        return osName == null || archName == null ? Optional.empty()
                : Optional.of(osName + "-" + archName);
    }

    private static void unpackOnnxRuntime(Path directory, String platform) {
        String version = ai.onnxruntime.OrtEnvironment.class.getPackage().getImplementationVersion();
        Path target = directory.resolve("onnxruntime-" + (version == null ? "unknown" : version)).resolve(platform);
        try {
            Files.createDirectories(target);
            for (String library : ORT_LIBRARIES) {
                String file = System.mapLibraryName(library);
                Path unpacked = target.resolve(file);
                try (InputStream in = NativeLibraries.class.getResourceAsStream(
                        "/ai/onnxruntime/native/" + platform + "/" + file)) {
                    if (in == null) {
                        return;
                    }
                    if (Files.isRegularFile(unpacked)) {
                        continue;
                    }
                    Path partial = Files.createTempFile(target, file, ".part");
                    try {
                        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                        Files.move(partial, unpacked, StandardCopyOption.ATOMIC_MOVE);
                    } finally {
                        Files.deleteIfExists(partial);
                    }
                }
            }
            System.setProperty(ORT_PATH, target.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the ONNX runtime into " + target, e);
        }
    }

    /**
     * Removes the temporary directory the ONNX runtime made while starting, once it has started (on
     * Windows a loaded library cannot be deleted, and this does nothing there).
     */
    static void removeRuntimeLitter() {
        try {
            Class<?> runtime = Class.forName("ai.onnxruntime.OnnxRuntime");
            Field field = runtime.getDeclaredField("tempDirectory");
            field.setAccessible(true);
            Object value = field.get(null);
            if (value instanceof Path temporary && Files.isDirectory(temporary)) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(temporary)) {
                    for (Path file : files) {
                        Files.deleteIfExists(file);
                    }
                }
                Files.deleteIfExists(temporary);
            }
        } catch (ReflectiveOperationException | RuntimeException | IOException e) {
            LOG.debug("could not remove the ONNX runtime's temporary directory: {}", e.getMessage());
        }
    }
}
