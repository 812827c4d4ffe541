package dev.colony.tool.run;

import dev.colony.api.run.RunId;
import java.time.Duration;

/** What the run tools share: reading a run id and the wait bound MCP clients allow. */
final class RunArgs {

    /** The longest a waiting tool call waits: MCP clients cut a call at about 60 seconds. */
    static final int MAX_WAIT_SECONDS = 45;
    /** The wait of a waiting call that names none. */
    static final int DEFAULT_WAIT_SECONDS = 30;

    private RunArgs() {
    }

    /** The run named by {@code value}, or {@code null}; {@code INVALID_ARGUMENT} naming {@code field} otherwise. */
    static RunId id(String field, String value) {
        return value == null ? null : RunId.parse(field, value);
    }

    /** A run's timeout in seconds, or {@code null} for the registry's default. */
    static Duration timeout(Integer seconds) {
        return seconds == null ? null : Duration.ofSeconds(seconds);
    }

    /** A wait in seconds, the default when {@code null}. */
    static Duration waitOf(Integer seconds) {
        return Duration.ofSeconds(seconds == null ? DEFAULT_WAIT_SECONDS : seconds);
    }
}
