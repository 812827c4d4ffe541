package dev.colony.api.memory;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Set;

/**
 * What to search for. Only {@code text} is required; every other part narrows the result.
 *
 * @param text the query in natural language or keywords (feature names, file paths, error
 *     messages work well)
 * @param limit how many hits at most, 1 to {@value MemoryLimits#MAX_SEARCH_LIMIT}
 * @param kinds only memories of these kinds; empty for all
 * @param session only memories written by this session, or {@code null}
 * @param task only memories on this task thread, or {@code null}
 * @param since only memories written at or after this instant, or {@code null}
 * @param until only memories written before this instant, or {@code null}
 * @param mode how to rank; {@link SearchMode#HYBRID} by default, which is keyword ranking when the
 *     Colony has no embedder
 */
public record SearchQuery(
        String text, int limit, Set<MemoryKind> kinds, SessionId session, TaskId task, Instant since, Instant until,
        SearchMode mode) {

    /** Default number of hits. */
    public static final int DEFAULT_LIMIT = 10;

    /** A null set of kinds means all kinds; a null mode is {@link SearchMode#HYBRID}. */
    public SearchQuery {
        kinds = kinds == null ? Set.of() : Set.copyOf(kinds);
        mode = mode == null ? SearchMode.HYBRID : mode;
    }

    /** A hybrid query. */
    public SearchQuery(String text, int limit, Set<MemoryKind> kinds, SessionId session, TaskId task, Instant since,
            Instant until) {
        this(text, limit, kinds, session, task, since, until, SearchMode.HYBRID);
    }

    /** A query for {@code text} with the default limit and no filters. */
    public static SearchQuery of(String text) {
        return new SearchQuery(text, DEFAULT_LIMIT, Set.of(), null, null, null, null);
    }

    /** A copy with this limit. */
    public SearchQuery withLimit(int newLimit) {
        return new SearchQuery(text, newLimit, kinds, session, task, since, until, mode);
    }

    /** A copy restricted to these kinds. */
    public SearchQuery withKinds(Set<MemoryKind> newKinds) {
        return new SearchQuery(text, limit, newKinds, session, task, since, until, mode);
    }

    /** A copy restricted to one session. */
    public SearchQuery withSession(SessionId newSession) {
        return new SearchQuery(text, limit, kinds, newSession, task, since, until, mode);
    }

    /** A copy restricted to one task thread. */
    public SearchQuery withTask(TaskId newTask) {
        return new SearchQuery(text, limit, kinds, session, newTask, since, until, mode);
    }

    /** A copy restricted to a time range; either end may be {@code null}. */
    public SearchQuery withTimeRange(Instant newSince, Instant newUntil) {
        return new SearchQuery(text, limit, kinds, session, task, newSince, newUntil, mode);
    }

    /** A copy ranked by {@code newMode}. */
    public SearchQuery withMode(SearchMode newMode) {
        return new SearchQuery(text, limit, kinds, session, task, since, until, newMode);
    }
}
