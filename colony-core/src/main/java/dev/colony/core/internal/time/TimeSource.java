package dev.colony.core.internal.time;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The injected clock, read at millisecond precision: stores keep epoch milliseconds, so instants
 * returned to callers equal the instants read back later.
 */
public final class TimeSource {

    private final Clock clock;

    /** Wraps {@code clock}. */
    public TimeSource(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The current instant, truncated to milliseconds. */
    public Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The wrapped clock. */
    public Clock clock() {
        return clock;
    }
}
