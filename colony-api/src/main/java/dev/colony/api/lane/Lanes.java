package dev.colony.api.lane;

import java.util.List;

/**
 * The lanes of the sessions a caller may see. Reading lanes never writes: a lane's activity is
 * computed from stored heartbeats and edits at the moment of reading.
 */
public interface Lanes {

    /** The most lanes one call returns. */
    int MAX_LIST_LIMIT = 100;

    /** Lanes, the most recently seen first; lanes needing attention are not reordered. */
    List<Lane> list(LaneQuery query);
}
