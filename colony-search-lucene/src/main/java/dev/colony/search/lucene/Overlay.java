package dev.colony.search.lucene;

import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The reader role's in-memory index of the changes after the last commit's watermark, so that a
 * process without the write lock finds what the writer has not committed yet. It holds the latest
 * version of every memory changed after {@code base} up to {@link #through()}, one document per
 * memory; the commit's documents of those memories are hidden behind it. Kept up to date by the
 * background indexer, and shrunk whenever a newer commit appears. Not thread-safe:
 * {@link LuceneSearchIndex} uses it from its indexing work only.
 */
final class Overlay implements AutoCloseable {

    private final ByteBuffersDirectory store = new ByteBuffersDirectory();
    private final IndexWriter overlayWriter;
    /** The rev of each memory held. */
    private final Map<Long, Long> revs = new HashMap<>();
    private DirectoryReader reader;
    private long base;
    private long through;

    /** An empty overlay analysing with {@code analyzer}. */
    Overlay(Analyzer analyzer) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig(analyzer);
        config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        config.setCommitOnClose(false);
        overlayWriter = new IndexWriter(store, config);
        reader = DirectoryReader.open(overlayWriter);
    }

    /** The reader over the overlay as of the last {@link #refresh()}. */
    DirectoryReader reader() {
        return reader;
    }

    /** Every change up to this rev is in the overlay or in the commit below it. */
    long through() {
        return through;
    }

    /** The ids of the memories the overlay holds. */
    Set<Long> ids() {
        return revs.keySet();
    }

    /**
     * Makes the overlay sit on a commit holding every change up to {@code watermark}: drops what the
     * commit covers, or starts over when the new base is older than the current one.
     */
    void rebase(long watermark) throws IOException {
        if (watermark < base) {
            overlayWriter.deleteAll();
            revs.clear();
            base = watermark;
            through = watermark;
        } else if (watermark > base) {
            overlayWriter.deleteDocuments(LongField.newRangeQuery(IndexLayout.REV, Long.MIN_VALUE, watermark));
            revs.values().removeIf(rev -> rev <= watermark);
            base = watermark;
            through = Math.max(through, watermark);
        }
    }

    /** Adds a change, replacing the memory's older document; searchable after {@link #refresh()}. */
    void add(MemoryDocument change) throws IOException {
        long id = change.memory().id().value();
        overlayWriter.updateDocuments(IndexLayout.uidTerm(id), IndexLayout.documents(change));
        revs.put(id, change.rev());
        through = Math.max(through, change.rev());
    }

    /** Records that every change up to {@code rev} is in the overlay or below it. */
    void coverThrough(long rev) {
        through = Math.max(through, rev);
    }

    /** Reopens {@link #reader()} over what was added or deleted since; whether it changed. */
    boolean refresh() throws IOException {
        DirectoryReader refreshed = DirectoryReader.openIfChanged(reader, overlayWriter);
        if (refreshed == null) {
            return false;
        }
        reader.close();
        reader = refreshed;
        return true;
    }

    @Override
    public void close() throws IOException {
        try {
            reader.close();
        } finally {
            try {
                overlayWriter.rollback();
            } finally {
                store.close();
            }
        }
    }
}
