package dev.colony.bench;

/**
 * A scenario cannot start because something it needs from the person running it is missing or unusable (data
 * not shipped with Colony, a server that refuses its settings); {@link BenchMain} prints the message, which says
 * what to give, instead of a stack trace.
 */
final class ScenarioSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ScenarioSetupException(String message) {
        super(message);
    }
}
