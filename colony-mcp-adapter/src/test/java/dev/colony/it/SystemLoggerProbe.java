package dev.colony.it;

/**
 * Run by {@link ServerJarIT} with {@code colony-mcp.jar} on the class path: logs through
 * {@link System.Logger}, as Colony's library modules do, so that the test can see where those lines go.
 */
public final class SystemLoggerProbe {

    private SystemLoggerProbe() {
    }

    /**
     * Logs one warning with a parameter, one line below the jar's level and one through SLF4J.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.Logger logger = System.getLogger("dev.colony.search.lucene.ProbeIndex");
        logger.log(System.Logger.Level.WARNING, "search index {0} is unreadable; rebuilding it", "/tmp/probe.index");
        logger.log(System.Logger.Level.DEBUG, "debug lines stay hidden");
        org.slf4j.LoggerFactory.getLogger("dev.colony.mcp.ProbeServer").warn("served {} calls", 3);
        System.out.println("probe done");
    }
}
