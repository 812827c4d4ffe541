package dev.colony.api.rescue;

import dev.colony.api.ColonyException;
import java.time.Duration;

/**
 * Stranded sessions the caller may see: sessions other than the caller's that hold active file claims or plan
 * sub-tasks and have been silent (no heartbeat, no call) for at least a given time, whether they ended or just
 * went quiet.
 */
public interface Rescues {

    /** Silence after which a session holding claims counts as stranded, unless the call says otherwise. */
    Duration DEFAULT_STRANDED_AFTER = Duration.ofMinutes(10);
    /** The shortest silence a call may name. */
    Duration MIN_STRANDED_AFTER = Duration.ofMinutes(1);
    /** The longest silence a call may name. */
    Duration MAX_STRANDED_AFTER = Duration.ofDays(7);

    /**
     * What a run would do now, without changing anything.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code stranded_after_minutes} outside
     *     [{@link #MIN_STRANDED_AFTER}, {@link #MAX_STRANDED_AFTER}]
     */
    RescueReport scan(Duration strandedAfter);

    /**
     * Rescues every stranded thread in a namespace the caller may write, in one transaction: a relay to any
     * agent per thread, the stranded session's claims there released, its sub-tasks reopened.
     *
     * @throws ColonyException {@code RESCUE_CONFIRM_REQUIRED} naming {@code confirm} unless {@code confirm};
     *     {@code INVALID_ARGUMENT} as for {@link #scan}
     */
    RescueReport run(Duration strandedAfter, boolean confirm);
}
