package dev.colony.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of this build, read from a resource that Maven fills in, so that {@code colony --version}
 * and the MCP {@code serverInfo} always match the artifact.
 */
public final class ColonyVersion {

    private static final String RESOURCE = "version.properties";
    private static final String VERSION = load();

    private ColonyVersion() {
    }

    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}, or {@code unknown} outside a packaged build. */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = ColonyVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "").strip();
            return version.isEmpty() || version.startsWith("${") ? "unknown" : version;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
