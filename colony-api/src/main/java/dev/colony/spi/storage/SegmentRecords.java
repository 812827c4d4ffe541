package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentFilter;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;

/**
 * Embedded segments per namespace and store name: id, embedding, optional text and typed metadata, and each
 * store's dimension. Filters are evaluated by the store's query language. Writes must run in a write
 * transaction.
 */
public interface SegmentRecords {

    /** Receives the id and embedding of each segment a {@link #scan} selects. */
    @FunctionalInterface
    interface Visitor {
        /** One selected segment. */
        void visit(String id, float[] embedding);
    }

    /** Receives the id, embedding and text (null if it has none) of each segment a {@link #scanWithText} selects. */
    @FunctionalInterface
    interface TextVisitor {
        /** One selected segment. */
        void visit(String id, float[] embedding, String text);
    }

    /** The dimension of {@code store}, empty while it has none (no segment was added since it was cleared). */
    OptionalInt dimension(NamespaceId namespace, String store);

    /** Stores {@code segments} in {@code store}, replacing those of the same ids, and sets its dimension if unset. */
    void save(NamespaceId namespace, String store, int dimension, List<Segment> segments, Instant at);

    /** Visits the id and embedding of every segment of {@code store} that {@code filter} selects (all if null). */
    void scan(NamespaceId namespace, String store, SegmentFilter filter, Visitor visitor);

    /** As {@link #scan}, handing over each selected segment's text too (for a keyword ranking of them). */
    void scanWithText(NamespaceId namespace, String store, SegmentFilter filter, TextVisitor visitor);

    /** The whole segments of these ids in {@code store}, in no particular order (unknown ids are skipped). */
    List<Segment> find(NamespaceId namespace, String store, Collection<String> ids);

    /** Removes the segments of these ids from {@code store}; how many there were. */
    int delete(NamespaceId namespace, String store, Collection<String> ids);

    /**
     * Removes the segments of {@code store} that {@code filter} selects; how many there were. A null filter
     * removes all of them and the store's dimension.
     */
    int delete(NamespaceId namespace, String store, SegmentFilter filter);
}
