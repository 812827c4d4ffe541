package dev.colony.launch;

import dev.colony.api.Actor;
import dev.colony.api.example.ForageReport;
import dev.colony.core.Colony;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The opt-in scan of a session's repository when a server starts ({@value #ENV} = 1): the repository's
 * {@code examples/} are foraged on a daemon thread of their own, so the handshake and every call go on meanwhile.
 * The scan is bounded by the library's caps (examples, files per example, bytes per file), reports to the log on
 * stderr only, and never fails the start: a failure is logged and dropped.
 */
public final class ForageOnStart {

    /** The environment variable that turns the scan on. */
    public static final String ENV = "COLONY_FORAGE_ON_START";

    private static final Logger LOG = LoggerFactory.getLogger(ForageOnStart.class);
    private static final Set<String> ON = Set.of("1", "true", "yes", "on");

    private ForageOnStart() {
    }

    /** Whether {@code env} turns the scan on. */
    public static boolean enabled(Map<String, String> env) {
        String value = env.get(ENV);
        return value != null && ON.contains(value.strip().toLowerCase(Locale.ROOT));
    }

    /**
     * Starts foraging {@code repoRoot} as {@code actor} when {@code env} turns it on and there is a root.
     *
     * @return the started thread, or empty when nothing was started
     */
    public static Optional<Thread> start(Colony colony, Actor actor, String repoRoot, Map<String, String> env) {
        if (!enabled(env) || repoRoot == null) {
            return Optional.empty();
        }
        Thread scan = new Thread(() -> forage(colony, actor, repoRoot), "colony-forage-on-start");
        scan.setDaemon(true);
        scan.start();
        return Optional.of(scan);
    }

    private static void forage(Colony colony, Actor actor, String repoRoot) {
        try {
            ForageReport report = colony.as(actor).examples().forage(Path.of(repoRoot));
            LOG.info("foraged {} examples of {}: {} added, {} updated, {} unchanged, {} removed", report.found(),
                    report.repoRoot(), report.count(ForageReport.Outcome.ADDED),
                    report.count(ForageReport.Outcome.UPDATED), report.count(ForageReport.Outcome.UNCHANGED),
                    report.count(ForageReport.Outcome.REMOVED));
        } catch (RuntimeException e) {
            LOG.warn("could not forage the examples of {}: {}", repoRoot, e.getMessage());
        }
    }
}
