package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Runs a newest-first, limited query over a set of namespaces in chunks, so that an {@code IN} list
 * never exceeds what an engine accepts as bound parameters, and merges the chunks' rows into one list
 * in the query's own order. The same shape serves every "rows of the readable namespaces" read.
 */
final class NamespaceChunks {

    /** Namespaces per {@code IN} list, well below every engine's limit on bound parameters. */
    static final int CHUNK = 500;

    private NamespaceChunks() {
    }

    /**
     * The first {@code limit} rows over all of {@code namespaces}.
     *
     * @param namespaces the namespaces; none gives no rows
     * @param limit the most rows, at least 1
     * @param order the query's order, used to merge chunks
     * @param query runs the query for one chunk of namespace ids with {@code LIMIT limit}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code limit} when it is below 1
     */
    static <T> List<T> list(Collection<NamespaceId> namespaces, int limit, Comparator<? super T> order,
            Function<List<Long>, List<T>> query) {
        positive(limit);
        TreeSet<Long> wanted = new TreeSet<>();
        for (NamespaceId namespace : namespaces) {
            wanted.add(namespace.value());
        }
        if (wanted.isEmpty()) {
            return List.of();
        }
        List<Long> all = new ArrayList<>(wanted);
        if (all.size() <= CHUNK) {
            return query.apply(all);
        }
        List<T> found = new ArrayList<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            found.addAll(query.apply(all.subList(from, Math.min(all.size(), from + CHUNK))));
        }
        found.sort(order);
        return found.size() > limit ? List.copyOf(found.subList(0, limit)) : found;
    }

    /** Refuses a limit below 1, naming the {@code limit} field. */
    static void positive(int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
    }
}
