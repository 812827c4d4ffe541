package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.session.Session;
import java.util.List;
import java.util.Objects;

/**
 * What {@link MemoryStore#recallSession} read, and the audit memory it wrote.
 *
 * @param recallMemory the {@code recall} memory written into the caller's session
 * @param session the recalled session
 * @param observations the recalled timeline window, newest first, ids only
 */
public record RecallResult(MemoryId recallMemory, Session session, List<TimelineEntry> observations) {

    /** Checks the components and copies the list. */
    public RecallResult {
        Objects.requireNonNull(recallMemory, "recallMemory");
        Objects.requireNonNull(session, "session");
        observations = List.copyOf(observations);
    }
}
