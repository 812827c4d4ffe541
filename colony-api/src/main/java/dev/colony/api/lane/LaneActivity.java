package dev.colony.api.lane;

import java.time.Duration;
import java.util.Locale;

/**
 * What a session appears to be doing, judged from its last heartbeat and its last edit or claim.
 *
 * <p>The thresholds are fixed so that every reader of a store classifies a session alike:
 * <ul>
 *   <li>{@link #WORKING}: seen and edited (or claimed) a file within {@link #RECENT} (5 minutes);</li>
 *   <li>{@link #THINKING}: seen within {@link #RECENT}, without a recent edit;</li>
 *   <li>{@link #IDLE}: last seen {@link #RECENT} to {@link #IDLE_UNTIL} (15 minutes) ago;</li>
 *   <li>{@link #STALLED}: last seen {@link #IDLE_UNTIL} to {@link #STALLED_UNTIL} (60 minutes) ago: the
 *       owner may be gone while its claims still hold files;</li>
 *   <li>{@link #DEAD}: ended, or not seen for {@link #STALLED_UNTIL} or longer.</li>
 * </ul>
 */
public enum LaneActivity {
    WORKING, THINKING, IDLE, STALLED, DEAD;

    /** How recent a heartbeat or an edit must be to count as current. */
    public static final Duration RECENT = Duration.ofMinutes(5);
    /** Until when a silent session counts as idle rather than stalled. */
    public static final Duration IDLE_UNTIL = Duration.ofMinutes(15);
    /** Until when a silent session counts as stalled rather than dead. */
    public static final Duration STALLED_UNTIL = Duration.ofMinutes(60);

    /**
     * The activity of a session.
     *
     * @param ended whether the session ended
     * @param sinceSeen time since its last heartbeat (negative counts as zero)
     * @param sinceEdit time since its last edit or claim, or {@code null} when it has none
     */
    public static LaneActivity of(boolean ended, Duration sinceSeen, Duration sinceEdit) {
        if (ended || sinceSeen.compareTo(STALLED_UNTIL) >= 0) {
            return DEAD;
        }
        if (sinceSeen.compareTo(IDLE_UNTIL) >= 0) {
            return STALLED;
        }
        if (sinceSeen.compareTo(RECENT) >= 0) {
            return IDLE;
        }
        return sinceEdit != null && sinceEdit.compareTo(RECENT) < 0 ? WORKING : THINKING;
    }

    /** The lower-case name used on the wire. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a lane in this state needs someone's attention (its owner may have left work behind). */
    public boolean needsAttention() {
        return this == STALLED || this == DEAD;
    }
}
