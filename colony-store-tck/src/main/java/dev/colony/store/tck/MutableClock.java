package dev.colony.store.tck;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that tests move by hand, so that no test has to sleep to see time pass (DESIGN.md §4).
 * Shared test support: the contract suites and the tests of other modules use it.
 */
public final class MutableClock extends Clock {

    private volatile Instant now;

    /** A clock that stands at {@code start} until moved. */
    public MutableClock(Instant start) {
        this.now = start;
    }

    /** Moves the clock forward by {@code by}. */
    public void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
