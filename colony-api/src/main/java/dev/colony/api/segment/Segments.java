package dev.colony.api.segment;

import java.util.Collection;
import java.util.List;

/**
 * The embedded segments of the caller's user, in named stores (as an agent framework's embedding store keeps
 * them): add with ids, search by cosine similarity (or by cosine and keywords fused, see {@link SegmentQuery})
 * within the rows a metadata filter selects, remove by id, by filter or all. They live in the caller's personal
 * namespace: no other user reads or changes them.
 *
 * <p>A store's dimension is set by its first segment; a segment or query embedding of another dimension is
 * refused naming the field, and so is any other bad input ({@code store}, {@code segments[i].id},
 * {@code segments[i].metadata}, {@code filter}, ...), before anything is written. Each call is one transaction.
 *
 * <p>Cost: a search reads the id and embedding of every segment the filter selects (a hybrid search its text
 * too) and compares them in the calling process (exact, no approximate index), so its time grows with the store:
 * meant for up to some tens of thousands of segments per store.
 */
public interface Segments {

    /** The longest store name and segment id, and the longest metadata key, in characters. */
    int MAX_ID_LENGTH = 200;

    /** The longest segment text and metadata string, in characters. */
    int MAX_TEXT_LENGTH = 1_000_000;

    /** The most segments a search returns. */
    int MAX_RESULTS = 10_000;

    /** The largest embedding dimension. */
    int MAX_DIMENSION = 16_384;

    /** Stores {@code segments} in {@code store}, each replacing a stored segment of the same id. */
    void add(String store, List<Segment> segments);

    /** The segments of {@code store} that best match {@code query}, best first. */
    List<SegmentMatch> search(String store, SegmentQuery query);

    /** Removes the segments of these ids from {@code store}; how many there were. */
    int remove(String store, Collection<String> ids);

    /** Removes the segments of {@code store} that {@code filter} selects; how many there were. */
    int remove(String store, SegmentFilter filter);

    /** Removes every segment of {@code store} (and its dimension); how many there were. */
    int clear(String store);
}
