package dev.colony.embedding.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.jar.JarEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the ONNX runtime reads a model's weights from: a file, so that a start does not inflate them out of the
 * jar again. Weights that lie on the class path as a file are read there; weights inside a jar are unpacked once
 * into {@code <native directory>/models/}, named by the jar entry's name, CRC-32 and size, so that another build
 * of the same model never reads a stale copy. Inflating the 22 MB default model through a class loader's stream
 * took a third of its load (bench {@code index.open}: about 0.3 s of 0.75 s on an idle two-core machine).
 *
 * <p>Only a directory {@link NativeLibraries#prepare} trusted is used (the runtime's libraries come from there
 * too); without one, or when the copy cannot be written there (a full disk), the caller reads the weights' bytes
 * as before.
 */
final class ModelWeights {

    private static final Logger LOG = LoggerFactory.getLogger(ModelWeights.class);

    /** The subdirectory of the native directory unpacked weights go to. */
    static final String DIRECTORY = "models";

    private ModelWeights() {
    }

    /**
     * A file holding the class-path resource {@code name}: the resource itself when it is a file, else its copy
     * under {@code trusted} (unpacked now when missing); empty when the resource is neither, when there is no
     * trusted directory ({@code null}), or when the copy cannot be written (logged as a warning).
     */
    static Optional<Path> file(ClassLoader loader, String name, Path trusted) {
        URL url = loader.getResource(name);
        if (url == null) {
            return Optional.empty();
        }
        if ("file".equals(url.getProtocol())) {
            try {
                return Optional.of(Path.of(url.toURI()));
            } catch (URISyntaxException | IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        if (trusted == null || !"jar".equals(url.getProtocol())) {
            return Optional.empty();
        }
        try {
            URLConnection connection = url.openConnection();
            if (!(connection instanceof JarURLConnection jar)) {
                return Optional.empty();
            }
            JarEntry entry = jar.getJarEntry();
            if (entry == null || entry.getSize() < 0 || entry.getCrc() < 0) {
                return Optional.empty();
            }
            Path directory = trusted.resolve(DIRECTORY);
            Path file = directory.resolve(String.format(Locale.ROOT, "%s-%08x-%d%s", baseName(name), entry.getCrc(),
                    entry.getSize(), extension(name)));
            if (Files.isRegularFile(file) && Files.size(file) == entry.getSize()) {
                return Optional.of(file);
            }
            Files.createDirectories(directory);
            Path partial = Files.createTempFile(directory, file.getFileName().toString(), ".part");
            try (InputStream in = jar.getInputStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(partial);
            }
            return Optional.of(file);
        } catch (IOException e) {
            LOG.warn("the model weights {} are read from the jar at each start: they cannot be unpacked into {}: {}",
                    name, trusted, e.toString());
            return Optional.empty();
        }
    }

    private static String baseName(String name) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }

    private static String extension(String name) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(dot) : "";
    }
}
