package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.QueryVector;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Builds search requests for tests; defaults: namespace 1, no filters, limit 10. */
final class Requests {

    private final String text;
    private Set<NamespaceId> namespaces = Set.of(ListMemorySource.NS);
    private Set<MemoryKind> kinds = Set.of();
    private Set<MemoryKind> excludedKinds = Set.of();
    private SessionId session;
    private TaskId task;
    private Instant since;
    private Instant until;
    private int limit = 10;
    private SearchMode mode = SearchMode.KEYWORD;
    private QueryVector vector;
    private double minSimilarity = -1;

    private Requests(String text) {
        this.text = text;
    }

    static Requests query(String text) {
        return new Requests(text);
    }

    static SearchRequest plain(String text) {
        return query(text).build();
    }

    static List<Long> ids(List<SearchHit> hits) {
        return hits.stream().map(SearchHit::id).map(MemoryId::value).toList();
    }

    Requests namespaces(long... ids) {
        namespaces = Arrays.stream(ids).mapToObj(NamespaceId::of).collect(Collectors.toSet());
        return this;
    }

    Requests kinds(MemoryKind... values) {
        kinds = Set.of(values);
        return this;
    }

    Requests excluding(MemoryKind... values) {
        excludedKinds = Set.of(values);
        return this;
    }

    Requests session(String id) {
        session = SessionId.of(id);
        return this;
    }

    Requests task(long id) {
        task = TaskId.of(id);
        return this;
    }

    Requests between(Instant newSince, Instant newUntil) {
        since = newSince;
        until = newUntil;
        return this;
    }

    Requests limit(int value) {
        limit = value;
        return this;
    }

    Requests mode(SearchMode newMode, StoredVector queryVector, double leastSimilarity) {
        return mode(newMode, QueryVector.of(queryVector), leastSimilarity);
    }

    Requests mode(SearchMode newMode, QueryVector queryVector, double leastSimilarity) {
        mode = newMode;
        vector = queryVector;
        minSimilarity = leastSimilarity;
        return this;
    }

    SearchRequest build() {
        return new SearchRequest(text, namespaces, kinds, excludedKinds, session, task, since, until, limit, mode,
                vector, minSimilarity);
    }
}
