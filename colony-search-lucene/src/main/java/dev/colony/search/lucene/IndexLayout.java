package dev.colony.search.lucene;

import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MemoryVectors;
import dev.colony.spi.storage.StoredVector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.util.BytesRef;

/**
 * The layout of one memory in the index, and of the commit user data that says what the index holds.
 *
 * <p>A memory is one document, preceded in the same block by one passage document per embedded sentence
 * ({@link MemoryDocument#passages()}); the block is replaced as a whole by {@value #UID} when the memory changes.
 * Fields of a memory's document (hits are read from doc values only):
 * <ul>
 *   <li>{@value #UID}: the memory id as a term, the key a changed memory's document is replaced by;</li>
 *   <li>{@value #ID}: the memory id (points and doc values);</li>
 *   <li>{@value #REV}: the rev of the change the document reflects (points, for dropping what a
 *       newer commit covers from a reader's overlay);</li>
 *   <li>{@value #NAMESPACE}: the namespace id (points and doc values, for the always-on filter);</li>
 *   <li>{@value #KIND}, {@value #SESSION}: keywords (terms and doc values);</li>
 *   <li>{@value #TASK}: the task id when there is one (points and doc values);</li>
 *   <li>{@value #CREATED}: creation time as epoch nanoseconds (points for range filters, doc
 *       values for hits), and {@value #CREATED_EXACT}, the ISO instant as a binary doc value, only
 *       for an instant outside the range of nanoseconds in a long (before 1677 or after 2262);</li>
 *   <li>{@value #DEMOTED}: present (value 1) only on memories ranked down in search;</li>
 *   <li>{@value #EXPIRES}: when the memory stops being current (nanoseconds since the epoch), only on
 *       memories with an expiry: a search leaves out those expired at its time;</li>
 *   <li>{@value #TEXT}: the {@linkplain #searchableText searchable text}, analysed by {@link MemoryAnalyzer}
 *       with offsets in the postings (so snippets need no re-analysis); the memory's content alone, which
 *       begins the searchable text, is kept as a binary doc value for snippets (one slice read per hit, where
 *       stored fields would decompress a block): a snippet is cut from what the memory says, never from its
 *       topics, macro topics, ref or artifact, which only help find it.</li>
 *   <li>{@value #CONTEXT}: the content of the memory's predecessor, the memory its session wrote last
 *       before it in the same namespace ({@link MemoryDocument#contextText()}), analysed the same way, with
 *       frequencies and lengths only: the keyword leg scores it beside {@value #TEXT} at a lower weight (see
 *       {@link QueryPlanner}), and it never appears in a snippet.</li>
 * </ul>
 * <ul>
 *   <li>{@code vector/<model>/<dimension>}: the memory's {@linkplain #searchVector search vector}, when
 *       it has a stored embedding ({@code KnnFloatVectorField}, of unit length and compared by dot
 *       product, which is cosine), in a field of its model and dimension: vectors of
 *       different models never meet in one graph, and a query reads only its own model's field.</li>
 * </ul>
 * A passage document holds {@value #UID} (so that it goes with its memory), the fields a search filters on
 * ({@value #NAMESPACE}, {@value #KIND}, {@value #SESSION}, {@value #TASK}, {@value #CREATED}, {@value #EXPIRES}), and
 * in {@code passage/<model>/<dimension>} its sentence's {@linkplain #searchVector search vector} (blended with the
 * memory's predecessor like the memory's own); no {@value #REV}, which tells the
 * memories' documents ({@link #MEMORIES}) from passages.
 * A change to this layout bumps {@link LuceneSearch#FORMAT_VERSION} so that existing indexes are
 * rebuilt.
 */
final class IndexLayout {

    static final String UID = "uid";
    static final String ID = "id";
    static final String REV = "rev";
    static final String NAMESPACE = "ns";
    static final String KIND = "kind";
    static final String SESSION = "session";
    static final String TASK = "task";
    static final String CREATED = "created";
    static final String CREATED_EXACT = "created_at";
    static final String DEMOTED = "demoted";
    static final String EXPIRES = "expires";
    static final String TEXT = "text";
    static final String CONTEXT = "context";
    /** The fields the keyword leg scores, each with its own length statistics. */
    static final List<String> SCORED_FIELDS = List.of(TEXT, CONTEXT);
    /** The prefix of the fields of embedding vectors, one field per model and dimension. */
    static final String VECTOR = "vector";
    /** The prefix of the fields of passage vectors, one field per model and dimension. */
    static final String PASSAGE = "passage";
    /** The memories' documents (tombstones included), which every block ends with: those with a rev. */
    static final BitSetProducer MEMORIES = new QueryBitSetProducer(new FieldExistsQuery(REV));

    /** Commit user data: the index format version. */
    static final String DATA_FORMAT = "colony.format";
    /** Commit user data: the store the index was built from. */
    static final String DATA_STORE_ID = "colony.storeId";
    /** Commit user data: every change of the store's feed up to this rev is in the commit. */
    static final String DATA_WATERMARK = "colony.watermark";
    /**
     * Commit user data: which memory the change at the watermark was and what its text hashed to, so
     * that a store restored from a backup, whose revs were handed out again to other changes, is told
     * apart from the store the index was built from.
     */
    static final String DATA_WATERMARK_CHECK = "colony.watermarkCheck";

    private static final FieldType TEXT_TYPE = analysed(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
    private static final FieldType CONTEXT_TYPE = analysed(IndexOptions.DOCS_AND_FREQS);

    private IndexLayout() {
    }

    /** An analysed, unstored field type indexing {@code options}. */
    private static FieldType analysed(IndexOptions options) {
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setStored(false);
        type.setIndexOptions(options);
        type.freeze();
        return type;
    }

    /**
     * The block of one memory: its passages' documents, in order, then its own ({@link #document}). A forgotten
     * or purged memory is its tombstone alone; so is a memory with a passage whose cosine is undefined (then the
     * n-th passage document would no longer be the n-th passage).
     */
    static List<Document> documents(MemoryDocument source) {
        Document memory = document(source);
        if (!searchedByPassages(source)) {
            return List.of(memory);
        }
        String field = passageField(source.vector());
        List<Document> block = new ArrayList<>(source.passages().size() + 1);
        for (StoredVector passage : source.passages()) {
            Document doc = new Document();
            doc.add(new StringField(UID, uid(source.memory().id().value()), Field.Store.NO));
            addFiltered(doc, source.memory());
            doc.add(new KnnFloatVectorField(field, searchVector(passage, source.context()), SIMILARITY));
            block.add(doc);
        }
        block.add(memory);
        return block;
    }

    /** Whether {@code source} is searched by its passages too (see {@link #documents}). */
    static boolean searchedByPassages(MemoryDocument source) {
        return !source.passages().isEmpty() && searchVector(source) != null
                && !source.vector().model().equals(MemoryVectors.UNKNOWN_MODEL)
                && source.passages().stream().allMatch(passage -> indexable(passage.values()));
    }

    /** The fields of {@code memory} a search filters on. */
    private static void addFiltered(Document doc, Memory memory) {
        doc.add(new LongField(NAMESPACE, memory.namespace().value(), Field.Store.NO));
        doc.add(new KeywordField(KIND, memory.kind().name(), Field.Store.NO));
        doc.add(new KeywordField(SESSION, memory.session().value(), Field.Store.NO));
        if (memory.task() != null) {
            doc.add(new LongField(TASK, memory.task().value(), Field.Store.NO));
        }
        doc.add(new LongField(CREATED, epochNanos(memory.createdAt()), Field.Store.NO));
        if (memory.expiresAt() != null) {
            doc.add(new LongField(EXPIRES, epochNanos(memory.expiresAt()), Field.Store.NO));
        }
    }

    /**
     * The Lucene document of one memory. A forgotten or purged memory becomes a tombstone: its id and rev
     * alone, with no namespace, text or vector, so that no search finds it while it still replaces (in
     * the writer) or masks (in a layer above the last commit) the memory's older document.
     */
    static Document document(MemoryDocument source) {
        Memory memory = source.memory();
        Document doc = new Document();
        doc.add(new StringField(UID, uid(memory.id().value()), Field.Store.NO));
        doc.add(new LongField(ID, memory.id().value(), Field.Store.NO));
        doc.add(new LongField(REV, source.rev(), Field.Store.NO));
        if (source.presence().hidden()) {
            return doc;
        }
        addFiltered(doc, memory);
        long created = epochNanos(memory.createdAt());
        if (created == Long.MIN_VALUE || created == Long.MAX_VALUE) {
            doc.add(new BinaryDocValuesField(CREATED_EXACT, new BytesRef(memory.createdAt().toString())));
        }
        if (memory.kind().demotedInSearch()) {
            doc.add(new NumericDocValuesField(DEMOTED, 1L));
        }
        doc.add(new Field(TEXT, searchableText(memory), TEXT_TYPE));
        doc.add(new BinaryDocValuesField(TEXT, new BytesRef(memory.content())));
        if (source.contextText() != null && !source.contextText().isBlank()) {
            doc.add(new Field(CONTEXT, source.contextText(), CONTEXT_TYPE));
        }
        float[] searched = searchVector(source);
        if (searched != null && !source.vector().model().equals(MemoryVectors.UNKNOWN_MODEL)) {
            doc.add(new KnnFloatVectorField(vectorField(source.vector()), searched, SIMILARITY));
        }
        return doc;
    }

    /**
     * The share of a memory's search vector that comes from its {@linkplain MemoryDocument#context()
     * predecessor} in the session. A turn such as "yes, booked for June" or a note that continues the
     * session's last decision is found by what it is about only with its context; more than this and a
     * memory is found for its neighbour's subject instead of its own. Measured with
     * {@code HybridQualityTest} and the default model, 0.4 against none: on the dialog questions hybrid
     * hit@5 0.87 against 0.78, MRR 0.66 against 0.55 and the answer's session first 0.78 against 0.68;
     * on the agent memories recall@5 0.89 against 0.88 and hit@5 unchanged (0.95). At 0.5 the agent
     * memories lose (recall@5 0.87).
     */
    static final double CONTEXT_WEIGHT = 0.4;

    /**
     * The vector a memory is found by, of unit length: its own embedding, blended with its predecessor's
     * ({@link #CONTEXT_WEIGHT}) when the store knows one; {@code null} when it has no embedding whose
     * cosine is defined. The stored embeddings stay as they were computed, so other uses of them (a
     * duplicate check, clustering) see each memory alone.
     */
    static float[] searchVector(MemoryDocument source) {
        return source.presence().hidden() ? null : searchVector(source.vector(), source.context());
    }

    /** The search vector of a memory embedded as {@code vector} after one embedded as {@code context}. */
    static float[] searchVector(StoredVector vector, StoredVector context) {
        if (vector == null || !indexable(vector.values())) {
            return null;
        }
        float[] own = unit(vector.values());
        if (context == null || !indexable(context.values())) {
            return own;
        }
        float[] before = unit(context.values());
        float[] blended = new float[own.length];
        for (int i = 0; i < own.length; i++) {
            blended[i] = (float) ((1 - CONTEXT_WEIGHT) * own[i] + CONTEXT_WEIGHT * before[i]);
        }
        // Two unit vectors pointing opposite ways blend to zero: then the memory's own vector stands.
        return indexable(blended) ? unit(blended) : own;
    }

    /**
     * How vectors are compared: the dot product of unit vectors, which ranks exactly as cosine does
     * but costs one pass over the floats instead of three (Lucene on Java 17 compares without SIMD).
     */
    static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;

    /** The score Lucene gives two unit vectors of cosine similarity {@code cosine}: {@code (1 + cosine) / 2}. */
    static float score(double cosine) {
        return (float) ((1 + cosine) / 2);
    }

    /** {@code values} scaled to length 1 (a copy); {@link #indexable} values only. */
    static float[] unit(float[] values) {
        double sum = 0;
        for (float value : values) {
            sum += (double) value * value;
        }
        float scale = (float) (1 / Math.sqrt(sum));
        float[] unit = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            unit[i] = values[i] * scale;
        }
        return unit;
    }

    /** Whether cosine similarity is defined for {@code values}: finite, and not all zero. */
    static boolean indexable(float[] values) {
        boolean nonZero = false;
        for (float value : values) {
            if (!Float.isFinite(value)) {
                return false;
            }
            nonZero |= value != 0f;
        }
        return nonZero;
    }

    /** The field that holds vectors of {@code vector}'s model and dimension. */
    static String vectorField(StoredVector vector) {
        return VECTOR + "/" + vector.model() + "/" + vector.dimension();
    }

    /** The field that holds passage vectors of {@code vector}'s model and dimension. */
    static String passageField(StoredVector vector) {
        return PASSAGE + "/" + vector.model() + "/" + vector.dimension();
    }

    /** The {@value #UID} term of a memory id. */
    static String uid(long id) {
        return Long.toString(id);
    }

    /** The term that finds the document of memory {@code id}. */
    static Term uidTerm(long id) {
        return new Term(UID, uid(id));
    }

    /**
     * The watermark check of a change: the memory's id and a hash of what is indexed of it (and of its
     * presence, once forgotten). Equal
     * checks at one rev mean, with near certainty, the same change.
     */
    static String check(MemoryDocument change) {
        Memory memory = change.memory();
        int hash = searchableText(memory).hashCode() * 31 + memory.namespace().hashCode();
        if (change.presence().hidden()) {
            hash = hash * 31 + change.presence().ordinal();
        }
        return memory.id().value() + ":" + Integer.toHexString(hash);
    }

    /**
     * The one text a memory is found by: its content, then its topics, its macro topics written as
     * {@code [name]}, its ref and its artifact, one part per line. The content comes first, so the offsets of
     * its words are the same in the content alone, from which snippets are cut.
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

    /**
     * The commit user data of an index of {@code storeId} holding every change up to {@code watermark},
     * with the {@link #check} of the change at the watermark ({@code null} when unknown).
     */
    static Map<String, String> commitData(String storeId, long watermark, String check) {
        Map<String, String> data = new HashMap<>();
        data.put(DATA_FORMAT, Integer.toString(LuceneSearch.FORMAT_VERSION));
        data.put(DATA_STORE_ID, storeId);
        data.put(DATA_WATERMARK, Long.toString(watermark));
        if (check != null) {
            data.put(DATA_WATERMARK_CHECK, check);
        }
        return data;
    }

    /**
     * What a commit says it holds: the changes up to {@code watermark} of the feed of the store it was
     * built from, and the {@link #check} of the change at the watermark ({@code null} when unknown).
     */
    record Watermark(long rev, String check) {

        /** The watermark of an empty index. */
        static final Watermark EMPTY = new Watermark(0, null);
    }

    /**
     * The watermark recorded in commit user data, or {@code null} when the data is missing, malformed,
     * of another format version or of another store: such an index must be rebuilt.
     */
    static Watermark watermark(Map<String, String> data, String storeId) {
        if (data == null
                || !Integer.toString(LuceneSearch.FORMAT_VERSION).equals(data.get(DATA_FORMAT))
                || !storeId.equals(data.get(DATA_STORE_ID))) {
            return null;
        }
        try {
            long rev = Long.parseLong(data.getOrDefault(DATA_WATERMARK, ""));
            return rev >= 0 ? new Watermark(rev, data.get(DATA_WATERMARK_CHECK)) : null;
        } catch (NumberFormatException malformed) {
            return null;
        }
    }
}
