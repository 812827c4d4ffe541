package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import java.io.IOException;
import java.time.Instant;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;

/**
 * Turns a matching document into a {@link SearchHit}, reading its fields from doc values as laid out
 * by {@link IndexLayout}. Doc values cost one slice read per field, where stored fields would
 * decompress a whole block per hit; only a creation time outside the range of a long of nanoseconds
 * falls back to its exact ISO form (also a doc value).
 */
final class HitReader {

    private HitReader() {
    }

    /** The hit for document {@code doc} of {@code reader}, with its snippet already made. */
    static SearchHit read(LeafReader reader, int doc, String snippet, float score) throws IOException {
        long id = numeric(reader, IndexLayout.ID, doc);
        long task = numeric(reader, IndexLayout.TASK, doc);
        long created = numeric(reader, IndexLayout.CREATED, doc);
        Instant ts;
        if (created == Long.MIN_VALUE || created == Long.MAX_VALUE) {
            BinaryDocValues exact = DocValues.getBinary(reader, IndexLayout.CREATED_EXACT);
            if (!exact.advanceExact(doc)) {
                throw new CorruptIndexException("document " + doc + " has no " + IndexLayout.CREATED_EXACT,
                        reader.toString());
            }
            ts = Instant.parse(exact.binaryValue().utf8ToString());
        } else {
            ts = Instant.ofEpochSecond(Math.floorDiv(created, 1_000_000_000L), Math.floorMod(created, 1_000_000_000L));
        }
        return new SearchHit(MemoryId.of(id), SessionId.of(keyword(reader, IndexLayout.SESSION, doc)),
                MemoryKind.of(keyword(reader, IndexLayout.KIND, doc)), snippet, score, ts,
                task == 0 ? null : TaskId.of(task));
    }

    /** The single value of a numeric field of a document, or 0 when it has none. */
    private static long numeric(LeafReader reader, String field, int doc) throws IOException {
        SortedNumericDocValues values = DocValues.getSortedNumeric(reader, field);
        return values.advanceExact(doc) ? values.nextValue() : 0;
    }

    /** The single value of a keyword field of a document; every document has one. */
    private static String keyword(LeafReader reader, String field, int doc) throws IOException {
        SortedSetDocValues values = DocValues.getSortedSet(reader, field);
        if (!values.advanceExact(doc)) {
            throw new CorruptIndexException("document " + doc + " has no " + field, reader.toString());
        }
        return values.lookupOrd(values.nextOrd()).utf8ToString();
    }
}
