package dev.colony.search.lucene;

import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;

/**
 * The layout of one memory in the index, and of the commit user data that says what the index holds.
 *
 * <p>Fields, one document per memory; hits are read from doc values only:
 * <ul>
 *   <li>{@value #ID}: the memory id (points for range deletes, doc values);</li>
 *   <li>{@value #NAMESPACE}: the namespace id (points and doc values, for the always-on filter);</li>
 *   <li>{@value #KIND}, {@value #SESSION}: keywords (terms and doc values);</li>
 *   <li>{@value #TASK}: the task id when there is one (points and doc values);</li>
 *   <li>{@value #CREATED}: creation time as epoch nanoseconds (points for range filters, doc
 *       values for hits), and {@value #CREATED_STORED}, the stored ISO instant, only for an instant
 *       outside the range of nanoseconds in a long (before 1677 or after 2262);</li>
 *   <li>{@value #DEMOTED}: present (value 1) only on memories ranked down in search;</li>
 *   <li>{@value #TEXT}: the searchable text, analysed by {@link MemoryAnalyzer} with offsets in the
 *       postings (so snippets need no re-analysis), and kept as a binary doc value for snippets (one
 *       slice read per hit, where stored fields would decompress a block).</li>
 * </ul>
 * The name {@value #VECTOR} is reserved for the embedding ({@code KnnFloatVectorField}) that hybrid
 * ranking will add; a change to this layout bumps {@link LuceneSearch#FORMAT_VERSION} so that existing
 * indexes are rebuilt.
 */
final class IndexLayout {

    static final String ID = "id";
    static final String NAMESPACE = "ns";
    static final String KIND = "kind";
    static final String SESSION = "session";
    static final String TASK = "task";
    static final String CREATED = "created";
    static final String CREATED_STORED = "created_at";
    static final String DEMOTED = "demoted";
    static final String TEXT = "text";
    /** Reserved for the memory's embedding vector. */
    static final String VECTOR = "vector";

    /** Commit user data: the index format version. */
    static final String DATA_FORMAT = "colony.format";
    /** Commit user data: the store the index was built from. */
    static final String DATA_STORE_ID = "colony.storeId";
    /**
     * Commit user data: every memory with an id up to this is in the commit (a commit that ran while
     * memories were being indexed may also hold a few newer ones, without gaps).
     */
    static final String DATA_WATERMARK = "colony.watermark";

    private static final FieldType TEXT_TYPE = textType();

    private IndexLayout() {
    }

    private static FieldType textType() {
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setStored(false);
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
        type.freeze();
        return type;
    }

    /** The Lucene document of one memory. */
    static Document document(MemoryDocument source) {
        Memory memory = source.memory();
        Document doc = new Document();
        doc.add(new LongField(ID, memory.id().value(), Field.Store.NO));
        doc.add(new LongField(NAMESPACE, memory.namespace().value(), Field.Store.NO));
        doc.add(new KeywordField(KIND, memory.kind().name(), Field.Store.NO));
        doc.add(new KeywordField(SESSION, memory.session().value(), Field.Store.NO));
        if (memory.task() != null) {
            doc.add(new LongField(TASK, memory.task().value(), Field.Store.NO));
        }
        long created = epochNanos(memory.createdAt());
        doc.add(new LongField(CREATED, created, Field.Store.NO));
        if (created == Long.MIN_VALUE || created == Long.MAX_VALUE) {
            doc.add(new StoredField(CREATED_STORED, memory.createdAt().toString()));
        }
        if (memory.kind().demotedInSearch()) {
            doc.add(new NumericDocValuesField(DEMOTED, 1L));
        }
        String text = searchableText(memory);
        doc.add(new Field(TEXT, text, TEXT_TYPE));
        doc.add(new BinaryDocValuesField(TEXT, new BytesRef(text)));
        return doc;
    }

    /**
     * The one text a memory is found by: its content, then its topics, its macro topics written as
     * {@code [name]}, its ref and its artifact, one part per line.
     */
    static String searchableText(Memory memory) {
        StringBuilder text = new StringBuilder(memory.content().length() + 64);
        text.append(memory.content());
        if (!memory.topics().isEmpty()) {
            text.append('\n').append(String.join(" ", memory.topics()));
        }
        if (!memory.macroTopics().isEmpty()) {
            text.append('\n');
            for (int i = 0; i < memory.macroTopics().size(); i++) {
                if (i > 0) {
                    text.append(' ');
                }
                text.append('[').append(memory.macroTopics().get(i)).append(']');
            }
        }
        if (memory.ref() != null && !memory.ref().isBlank()) {
            text.append('\n').append(memory.ref());
        }
        if (memory.artifact() != null && !memory.artifact().isBlank()) {
            text.append('\n').append(memory.artifact());
        }
        return text.toString();
    }

    /** Nanoseconds since the epoch, saturated at the ends of the long range. */
    static long epochNanos(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        } catch (ArithmeticException overflow) {
            return instant.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** The commit user data of an index of {@code storeId} holding every memory up to {@code watermark}. */
    static Map<String, String> commitData(String storeId, long watermark) {
        Map<String, String> data = new HashMap<>();
        data.put(DATA_FORMAT, Integer.toString(LuceneSearch.FORMAT_VERSION));
        data.put(DATA_STORE_ID, storeId);
        data.put(DATA_WATERMARK, Long.toString(watermark));
        return data;
    }

    /**
     * The watermark recorded in commit user data, or -1 when the data is missing, of another format
     * version or of another store.
     */
    static long watermark(Map<String, String> data, String storeId) {
        if (data == null
                || !Integer.toString(LuceneSearch.FORMAT_VERSION).equals(data.get(DATA_FORMAT))
                || !storeId.equals(data.get(DATA_STORE_ID))) {
            return -1;
        }
        try {
            long watermark = Long.parseLong(data.getOrDefault(DATA_WATERMARK, ""));
            return watermark >= 0 ? watermark : -1;
        } catch (NumberFormatException malformed) {
            return -1;
        }
    }

    /** The largest memory id in {@code reader} (from the {@value #ID} points), or 0 when it is empty. */
    static long maxId(IndexReader reader) throws IOException {
        long max = 0;
        for (LeafReaderContext leaf : reader.leaves()) {
            PointValues points = leaf.reader().getPointValues(ID);
            if (points != null && points.size() > 0) {
                max = Math.max(max, NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0));
            }
        }
        return max;
    }
}
