package dev.colony.api.resume;

import dev.colony.api.lane.Lane;
import java.util.Locale;

/** What a lane risks for the others: files held by a session that went quiet. */
public enum LaneRisk {
    /** Nothing held by a quiet session. */
    NONE,
    /** A stalled session holds files. */
    STALLED_CLAIMS,
    /** A dead session holds files. */
    DEAD_CLAIMS;

    /** The risk of {@code lane}. */
    public static LaneRisk of(Lane lane) {
        if (lane.claimedFileCount() == 0) {
            return NONE;
        }
        return switch (lane.activity()) {
            case STALLED -> STALLED_CLAIMS;
            case DEAD -> DEAD_CLAIMS;
            default -> NONE;
        };
    }

    /** The name on the wire: lower case, e.g. {@code stalled_claims}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a lane of this risk needs someone's attention. */
    public boolean needsAttention() {
        return this != NONE;
    }
}
