package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * One compact search result: a snippet, never the full body. Read bodies with
 * {@link MemoryStore#get}.
 *
 * @param id the memory id
 * @param session the session that wrote it
 * @param kind its kind, so that warnings such as {@code failed_approach} stand out before reading
 * @param snippet a short excerpt around the matched terms
 * @param score relevance; higher is better, comparable only within one result list
 * @param ts when it was written
 * @param task the task thread it belongs to, or {@code null}
 */
public record SearchHit(
        MemoryId id, SessionId session, MemoryKind kind, String snippet, double score, Instant ts, TaskId task) {

    /** Checks the required components. */
    public SearchHit {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(snippet, "snippet");
        Objects.requireNonNull(ts, "ts");
    }
}
