package dev.colony.spi.search;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * A validated query as core hands it to an index.
 *
 * @param text the query text, not blank
 * @param namespaces the namespaces the caller may read; never empty, and always applied
 * @param kinds only these kinds; empty for all
 * @param excludedKinds never these kinds (applied after {@code kinds}); core passes the audit kinds
 *     here when the caller did not ask for them
 * @param session only this session, or {@code null}
 * @param task only this task, or {@code null}
 * @param since only memories created at or after this, or {@code null}
 * @param until only memories created before this, or {@code null}
 * @param limit maximum number of hits, positive
 */
public record SearchRequest(
        String text,
        Set<NamespaceId> namespaces,
        Set<MemoryKind> kinds,
        Set<MemoryKind> excludedKinds,
        SessionId session,
        TaskId task,
        Instant since,
        Instant until,
        int limit) {

    /** Checks the invariants. */
    public SearchRequest {
        Objects.requireNonNull(text, "text");
        namespaces = Set.copyOf(namespaces);
        if (namespaces.isEmpty()) {
            throw new IllegalArgumentException("namespaces must not be empty");
        }
        kinds = Set.copyOf(kinds);
        excludedKinds = Set.copyOf(excludedKinds);
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive");
        }
    }

    /** A request that excludes no kind. */
    public SearchRequest(String text, Set<NamespaceId> namespaces, Set<MemoryKind> kinds, SessionId session,
            TaskId task, Instant since, Instant until, int limit) {
        this(text, namespaces, kinds, Set.of(), session, task, since, until, limit);
    }
}
