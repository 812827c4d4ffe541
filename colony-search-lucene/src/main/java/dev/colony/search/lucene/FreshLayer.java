package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.memory.MemoryIndex;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.KnnCollector;
import org.apache.lucene.search.VectorScorer;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.Bits;

/**
 * The newest layer of a snapshot: the few changes a search found missing and added itself, so that a
 * process finds what it (or anyone) has just written without waiting for the background indexer. Each
 * change is a one-document in-memory index (about a tenth of a millisecond to build, where flushing a
 * segment to make it searchable costs milliseconds). It shrinks as the layers below catch up. Not
 * thread-safe: {@link LuceneSearchIndex} uses it under its publishing lock.
 *
 * <p>An in-memory index describes every indexed field with positions and offsets and with norms,
 * where the index on disk keeps keyword fields with documents only and without norms; searching
 * both together (the highlighter merges field descriptions) requires one description per field. So
 * each change's reader reports the field descriptions of a real segment, taken once from a sample
 * document indexed the way the index on disk indexes it. The in-memory postings hold more than
 * those descriptions promise, which nothing that reads them minds.
 *
 * <p>A one-document index cannot hold a memory's passages as documents of their own (see {@link IndexLayout}), so
 * a change's leaf holds its passages' vectors itself and answers a search of their field for its one document
 * with the best of them: the same as a segment's passage documents give their memory.
 */
final class FreshLayer {

    /** One change: its rev and its single-document reader. */
    private record Change(long rev, IndexReader reader) {
    }

    private final Analyzer analyzer;
    /** By memory id: each memory at most once, at its newest change seen. */
    private final Map<Long, Change> changes = new LinkedHashMap<>();
    /** Every change up to this rev is in this layer or below it. */
    private long through;

    /**
     * The field descriptions of a segment, by field name; sampled when first needed, since indexing the
     * sample costs a process that only reads the index on disk a cold start of Lucene's writer.
     */
    private Map<String, FieldInfo> fields;
    /** The same with each vector field seen so far, by the vector field's name. */
    private final Map<String, Map<String, FieldInfo>> fieldsWithVector = new HashMap<>();

    FreshLayer(Analyzer analyzer) {
        this.analyzer = analyzer;
    }

    /**
     * The field descriptions of a segment holding a sample memory that has every optional field (its
     * predecessor's text too) and, when given, a vector like {@code vector} and passages like it. A field the sample
     * lacked would keep the number the one-document index gave it, which may be another field's number here.
     */
    private static Map<String, FieldInfo> segmentFieldInfos(Analyzer analyzer, StoredVector vector) {
        Instant outOfNanoRange = Instant.parse("3000-01-01T00:00:00Z");
        Memory sample = new Memory(MemoryId.of(1), NamespaceId.of(1), SessionId.of("sample"), MemoryKind.RESULT,
                "sample content", List.of("topic"), List.of("macro"), "ref", "artifact", TaskId.of(1), null,
                outOfNanoRange, outOfNanoRange, outOfNanoRange, false, Map.of(), 1);
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
                IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            StoredVector sampleVector = null;
            if (vector != null) {
                float[] values = new float[vector.dimension()];
                values[0] = 1f;
                sampleVector = new StoredVector(vector.model(), values);
            }
            writer.addDocuments(IndexLayout.documents(new MemoryDocument(sample, sampleVector, null, "sample context",
                    1, Presence.LIVE, sampleVector == null ? List.of() : List.of(sampleVector, sampleVector))));
            try (DirectoryReader reader = DirectoryReader.open(writer)) {
                Map<String, FieldInfo> byName = new HashMap<>();
                for (FieldInfo field : FieldInfos.getMergedFieldInfos(reader)) {
                    byName.put(field.name, field);
                }
                return Map.copyOf(byName);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("indexing a sample memory in memory failed", e);
        }
    }

    /**
     * How a segment on disk describes field {@code name}: the same for every layer, so searches need
     * not merge the descriptions of all their layers to learn it.
     */
    FieldInfo segmentField(String name) {
        return fields().get(name);
    }

    private Map<String, FieldInfo> fields() {
        if (fields == null) {
            fields = segmentFieldInfos(analyzer, null);
        }
        return fields;
    }

    /** Adds a change (replacing an older one of the same memory); it covers up to its rev. */
    void add(MemoryDocument change) {
        long id = change.memory().id().value();
        Change known = changes.get(id);
        if (known == null || known.rev() < change.rev()) {
            MemoryIndex index = MemoryIndex.fromDocument(IndexLayout.document(change), analyzer, true, false);
            // Frozen, it sorts its terms now instead of lazily, so searches may share it across threads.
            index.freeze();
            LeafReader leaf = (LeafReader) index.createSearcher().getIndexReader();
            StoredVector vector = change.vector();
            float[] searched = IndexLayout.searchVector(change);
            boolean searchable = searched != null;
            String vectorField = searchable ? IndexLayout.vectorField(vector) : null;
            Map<String, FieldInfo> described = searchable ? fieldsWithVector.computeIfAbsent(vectorField,
                    name -> segmentFieldInfos(analyzer, vector)) : fields();
            List<float[]> passages = new ArrayList<>();
            if (searchable && IndexLayout.searchedByPassages(change)) {
                for (StoredVector passage : change.passages()) {
                    passages.add(IndexLayout.searchVector(passage, change.context()));
                }
            }
            changes.remove(id);
            changes.put(id, new Change(change.rev(), new SegmentLikeLeaf(leaf, described, vectorField,
                    searched, passages.isEmpty() ? null : IndexLayout.passageField(vector),
                    passages.isEmpty() ? null : passages.toArray(new float[0][]))));
        }
        through = Math.max(through, change.rev());
    }

    /** Records that every change up to {@code rev} is in this layer or below it. */
    void coverThrough(long rev) {
        through = Math.max(through, rev);
    }

    /** Every change up to this rev is in this layer or in the layers below. */
    long through() {
        return through;
    }

    /** Drops the changes the layers below now hold (rev up to {@code rev}). */
    void dropThrough(long rev) {
        changes.values().removeIf(change -> change.rev() <= rev);
    }

    /** Forgets everything (the layers below were replaced by ones that cover less). */
    void clear() {
        changes.clear();
        through = 0;
    }

    /** The ids of the memories this layer holds: their documents below are hidden. */
    Collection<Long> ids() {
        return changes.keySet();
    }

    /** The readers of the changes, one document each. */
    List<IndexReader> readers() {
        List<IndexReader> readers = new ArrayList<>(changes.size());
        for (Change change : changes.values()) {
            readers.add(change.reader());
        }
        return readers;
    }

    /** How many changes the layer holds. */
    int size() {
        return changes.size();
    }

    /**
     * Which of its passages is nearest {@code query}, when {@code leaf} is a change of this layer that has passages;
     * -1 otherwise.
     */
    static int nearestPassage(LeafReader leaf, float[] query) {
        if (!(leaf instanceof SegmentLikeLeaf change) || change.passages == null) {
            return -1;
        }
        int nearest = -1;
        float best = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < change.passages.length; i++) {
            float score = IndexLayout.SIMILARITY.compare(query, change.passages[i]);
            if (score > best) {
                best = score;
                nearest = i;
            }
        }
        return nearest;
    }

    /**
     * A one-document in-memory leaf that describes its fields the way a segment on disk does. An
     * in-memory index holds no vectors, so this leaf holds its document's vector and its passages' vectors itself,
     * and answers nearest-vector searches of those fields exactly (of the passages, with the best).
     */
    private static final class SegmentLikeLeaf extends FilterLeafReader {

        private final FieldInfos fieldInfos;
        private final String vectorField;
        private final float[] vector;
        private final String passageField;
        private final float[][] passages;

        SegmentLikeLeaf(LeafReader in, Map<String, FieldInfo> segmentFields, String vectorField, float[] vector,
                String passageField, float[][] passages) {
            super(in);
            List<FieldInfo> described = new ArrayList<>();
            for (FieldInfo own : in.getFieldInfos()) {
                if (!own.name.equals(vectorField)) {
                    described.add(segmentFields.getOrDefault(own.name, own));
                }
            }
            if (vectorField != null) {
                described.add(segmentFields.get(vectorField));
            }
            if (passageField != null) {
                described.add(segmentFields.get(passageField));
            }
            this.fieldInfos = new FieldInfos(described.toArray(new FieldInfo[0]));
            this.vectorField = vectorField;
            this.vector = vector;
            this.passageField = passageField;
            this.passages = passages;
        }

        @Override
        public FieldInfos getFieldInfos() {
            return fieldInfos;
        }

        @Override
        public FloatVectorValues getFloatVectorValues(String field) throws IOException {
            if (field.equals(vectorField)) {
                return new OneDocVectors(new float[][] {vector});
            }
            return field.equals(passageField) ? new OneDocVectors(passages) : super.getFloatVectorValues(field);
        }

        @Override
        public void searchNearestVectors(String field, float[] target, KnnCollector collector, Bits acceptDocs)
                throws IOException {
            if (!field.equals(vectorField) && !field.equals(passageField)) {
                super.searchNearestVectors(field, target, collector, acceptDocs);
            } else if (acceptDocs == null || acceptDocs.get(0)) {
                OneDocVectors values = (OneDocVectors) getFloatVectorValues(field);
                collector.incVisitedCount(1);
                collector.collect(0, values.best(target));
            }
        }

        @Override
        public CacheHelper getCoreCacheHelper() {
            return null;
        }

        @Override
        public CacheHelper getReaderCacheHelper() {
            return null;
        }
    }

    /**
     * The vectors of one field of a one-document leaf (its own vector, or its passages'), as an iterator over its
     * one document whose value is the first of them and whose score is the best of them.
     */
    private static final class OneDocVectors extends FloatVectorValues {

        private final float[][] vectors;
        private int doc = -1;

        OneDocVectors(float[][] vectors) {
            this.vectors = vectors;
        }

        /** The best similarity of one of the vectors to {@code query}. */
        float best(float[] query) {
            float best = Float.NEGATIVE_INFINITY;
            for (float[] vector : vectors) {
                best = Math.max(best, IndexLayout.SIMILARITY.compare(query, vector));
            }
            return best;
        }

        @Override
        public int dimension() {
            return vectors[0].length;
        }

        @Override
        public int size() {
            return 1;
        }

        @Override
        public float[] vectorValue() {
            return vectors[0];
        }

        @Override
        public int docID() {
            return doc;
        }

        @Override
        public int nextDoc() {
            return advance(doc + 1);
        }

        @Override
        public int advance(int target) {
            doc = target <= 0 ? 0 : NO_MORE_DOCS;
            return doc;
        }

        @Override
        public VectorScorer scorer(float[] query) {
            OneDocVectors iterator = new OneDocVectors(vectors);
            return new VectorScorer() {
                @Override
                public float score() {
                    return best(query);
                }

                @Override
                public DocIdSetIterator iterator() {
                    return iterator;
                }
            };
        }
    }
}
