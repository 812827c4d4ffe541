package dev.colony.store.sqlite;

import dev.colony.api.PrivateDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.CRC32;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;
import org.sqlite.util.OSInfo;

/**
 * Keeps SQLite's native library in one per-version cache directory and points sqlite-jdbc at it.
 *
 * <p>Left alone, sqlite-jdbc copies its native library (about 1 MB) into the temporary directory under
 * a fresh random name on every start and deletes it when the JVM exits normally. A process that is
 * killed ({@code kill -9}, a crashed MCP client taking its server down) leaves the copy and its lock
 * file behind, and sqlite-jdbc's own clean-up skips files whose lock file exists, so every such kill
 * leaks a copy for good. Colony's processes are short-lived and often killed, so instead the library is
 * written once to {@code <cache>/colony/native/sqlite-jdbc-<version>/<os>-<arch>-<crc>/} and every later
 * process of that version loads it from there: nothing is written per start, so nothing can leak.
 *
 * <p>The cache root is {@code $XDG_CACHE_HOME}, else {@code %LOCALAPPDATA%} on Windows,
 * {@code ~/Library/Caches} on macOS and {@code ~/.cache} elsewhere, {@code ~} being {@code $HOME} (else the
 * JVM's {@code user.home}). The system property
 * {@value #DIRECTORY_PROPERTY} names another root, or {@value #DISABLED} to keep sqlite-jdbc's own
 * behaviour; a {@code org.sqlite.lib.path} set by the application is always respected. When the cache
 * cannot be written (a read-only home), sqlite-jdbc's own extraction is used as before.
 *
 * <p>SQLite is loaded from the cache, so the cache directory is trusted only as
 * {@link PrivateDirectory#ensure} allows (this user's, written by nobody else, nor any directory above it); a
 * cache another user could write to is not used, and sqlite-jdbc extracts as before.
 *
 * <p>The file is complete whenever it exists under its final name: it is written beside it under a
 * process-unique name and renamed into place, so concurrent first starts only race to rename equal
 * bytes.
 */
final class NativeLibraryCache {

    /** System property naming the cache root, or {@value #DISABLED}. */
    static final String DIRECTORY_PROPERTY = "colony.sqlite.native.dir";
    /** The value of {@value #DIRECTORY_PROPERTY} that turns the cache off. */
    static final String DISABLED = "none";

    private static final String SQLITE_LIB_PATH = "org.sqlite.lib.path";
    private static final String SQLITE_LIB_NAME = "org.sqlite.lib.name";

    private static final System.Logger LOG = System.getLogger(NativeLibraryCache.class.getName());

    private static boolean installed;

    private NativeLibraryCache() {
    }

    /**
     * Points sqlite-jdbc at the cached library, writing it first when missing. Runs once per JVM and
     * must run before sqlite-jdbc loads its library (the first connection), so every way into the store
     * calls it first. Never fails: when the cache cannot be used, sqlite-jdbc extracts as it always did.
     */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        if (System.getProperty(SQLITE_LIB_PATH) != null) {
            return;
        }
        Optional<Path> root = cacheRoot(System.getProperty(DIRECTORY_PROPERTY), System.getenv(),
                System.getProperties());
        if (root.isEmpty()) {
            return;
        }
        try {
            Optional<Path> library = locate(root.get());
            if (library.isPresent()) {
                System.setProperty(SQLITE_LIB_PATH, library.get().getParent().toString());
                System.setProperty(SQLITE_LIB_NAME, library.get().getFileName().toString());
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot cache the SQLite native library under {0} ({1}); "
                    + "sqlite-jdbc extracts it to the temporary directory", root.get(), e.toString());
        }
    }

    /**
     * The cache root: {@code configured} when given ({@code null} for {@link #DISABLED}), else the
     * platform's user cache directory.
     */
    static Optional<Path> cacheRoot(String configured, Map<String, String> env, Properties system) {
        if (configured != null && !configured.isBlank()) {
            return configured.strip().equalsIgnoreCase(DISABLED) ? Optional.empty()
                    : Optional.of(Path.of(configured.strip()));
        }
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Optional.of(Path.of(xdg));
        }
        String os = system.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String localAppData = env.get("LOCALAPPDATA");
        if (os.startsWith("windows") && localAppData != null && !localAppData.isBlank()) {
            return Optional.of(Path.of(localAppData));
        }
        // The home the shell knows ($HOME), as Colony's own home directory follows it; else the JVM's.
        String home = env.get("HOME");
        if (home == null || home.isBlank()) {
            home = system.getProperty("user.home");
        }
        if (home == null || home.isBlank() || home.equals("?")) {
            return Optional.empty();
        }
        return Optional.of(os.startsWith("mac") ? Path.of(home, "Library", "Caches") : Path.of(home, ".cache"));
    }

    /**
     * The cached library for this sqlite-jdbc jar on this machine, extracting it when needed.
     *
     * <p>Finding which of sqlite-jdbc's libraries fits the platform makes sqlite-jdbc start a
     * subprocess ({@code uname -o}, to detect Android), twice, which costs a short-lived process about
     * a tenth of a second. So the answer is remembered in a small pointer file, named after the jar
     * that holds the libraries (its path, size and modification time) and the platform properties;
     * a later process reads it and checks only that the library it names still exists with the size
     * it was written with (a damaged copy is extracted again).
     */
    static Optional<Path> locate(Path root) throws IOException {
        Path pointer = pointerFile(root);
        Optional<String> distrust = PrivateDirectory.ensure(pointer.getParent().getParent());
        if (distrust.isPresent()) {
            throw new IOException("the cache cannot be trusted: " + distrust.get());
        }
        if (Files.isRegularFile(pointer)) {
            List<String> lines = Files.readAllLines(pointer, StandardCharsets.UTF_8);
            if (lines.size() == 2) {
                Path known = Path.of(lines.get(0));
                if (known.isAbsolute() && Files.isRegularFile(known)
                        && lines.get(1).equals(Long.toString(Files.size(known)))) {
                    return Optional.of(known);
                }
            }
        }
        Optional<Path> library = extractTo(root);
        if (library.isPresent()) {
            Path partial = pointer.resolveSibling(pointer.getFileName() + "." + ProcessHandle.current().pid()
                    + ".partial");
            try {
                Files.writeString(partial, library.get().toAbsolutePath() + "\n" + Files.size(library.get()) + "\n",
                        StandardCharsets.UTF_8);
                moveIntoPlace(partial, pointer);
            } finally {
                Files.deleteIfExists(partial);
            }
        }
        return library;
    }

    /** The pointer file of this sqlite-jdbc jar and platform under {@code root}. */
    static Path pointerFile(Path root) {
        StringBuilder key = new StringBuilder();
        key.append(System.getProperty("os.name")).append('|').append(System.getProperty("os.arch")).append('|')
                .append(System.getProperty("java.runtime.name"));
        try {
            URL jar = SQLiteJDBCLoader.class.getProtectionDomain().getCodeSource().getLocation();
            Path file = Path.of(jar.toURI());
            key.append('|').append(file.toAbsolutePath()).append('|').append(Files.size(file)).append('|')
                    .append(Files.getLastModifiedTime(file).toMillis());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            key.append("|unknown jar");
        }
        CRC32 crc = new CRC32();
        crc.update(key.toString().getBytes(StandardCharsets.UTF_8));
        return root.resolve("colony").resolve("native").resolve("sqlite-jdbc-" + version())
                .resolve("found-" + Long.toHexString(crc.getValue()) + ".path");
    }

    /**
     * Makes sure the native library of this sqlite-jdbc version for this platform is in the cache under
     * {@code root} and returns its path; empty when sqlite-jdbc ships no library for this platform (it
     * then looks on {@code java.library.path} itself). An existing file of the right size is reused
     * untouched.
     *
     * @throws IOException when the cache directory or file cannot be written
     */
    static Optional<Path> extractTo(Path root) throws IOException {
        String name = LibraryLoaderUtil.getNativeLibName();
        String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name;
        URL url = SQLiteJDBCLoader.class.getResource(resource);
        if (url == null) {
            return Optional.empty();
        }
        URLConnection connection = url.openConnection();
        connection.setUseCaches(false);
        long size = connection.getContentLengthLong();
        // The jar entry's checksum (from the jar's directory, without reading the entry) tells builds
        // apart even where the version is unknown, e.g. in a shaded jar without Maven metadata.
        String checksum = connection instanceof JarURLConnection jar && jar.getJarEntry() != null
                && jar.getJarEntry().getCrc() >= 0 ? "-" + Long.toHexString(jar.getJarEntry().getCrc()) : "";
        Path directory = root.resolve("colony").resolve("native")
                .resolve("sqlite-jdbc-" + version())
                .resolve(OSInfo.getNativeLibFolderPathForCurrentOS().replace('/', '-') + checksum);
        Path library = directory.resolve(name);
        if (Files.isRegularFile(library) && size >= 0 && Files.size(library) == size) {
            return Optional.of(library);
        }
        Files.createDirectories(directory);
        Path partial = directory.resolve(name + "." + ProcessHandle.current().pid() + ".partial");
        try (InputStream in = connection.getInputStream()) {
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            partial.toFile().setExecutable(true, false);
            moveIntoPlace(partial, library);
        } finally {
            Files.deleteIfExists(partial);
        }
        return Optional.of(library);
    }

    /**
     * The sqlite-jdbc version: what its loader reports from the Maven metadata, else the version in its
     * own {@code sqlite-jdbc.properties} (shaded jars often drop the Maven metadata).
     */
    static String version() {
        String version = SQLiteJDBCLoader.getVersion();
        if (version != null && !version.isBlank() && !version.equalsIgnoreCase("unknown")) {
            return version;
        }
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream("/sqlite-jdbc.properties")) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "unknown").strip();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot read sqlite-jdbc.properties: {0}", e.toString());
        }
        return "unknown";
    }

    private static void moveIntoPlace(Path partial, Path library) throws IOException {
        try {
            Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, library, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // Another process renamed its equal copy into place first and holds it open (Windows).
            if (!Files.isRegularFile(library) || Files.size(library) != Files.size(partial)) {
                throw e;
            }
        }
    }
}
