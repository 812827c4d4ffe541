package dev.colony.search.lucene;

import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The reader role's in-memory index of the memories after the committed watermark, so that a process
 * without the write lock still finds memories the writer has not committed yet. It holds exactly the
 * memories with ids in ({@code from}, {@code through}]. Not thread-safe: {@link LuceneSearchIndex}
 * uses it under its mutex.
 */
final class Overlay implements AutoCloseable {

    private final ByteBuffersDirectory store = new ByteBuffersDirectory();
    private final IndexWriter overlayWriter;
    private DirectoryReader reader;
    private long from;
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

    /** The largest memory id the overlay holds every memory up to. */
    long through() {
        return through;
    }

    /** Records that the overlay holds every memory up to {@code id}. */
    void through(long id) {
        through = id;
    }

    /** Makes the overlay start right after {@code watermark}: drops what it covers, or resets on a gap. */
    void coverFrom(long watermark) throws IOException {
        if (watermark < from) {
            overlayWriter.deleteAll();
            from = watermark;
            through = watermark;
        } else if (watermark > from) {
            overlayWriter.deleteDocuments(LongField.newRangeQuery(IndexLayout.ID, Long.MIN_VALUE, watermark));
            from = watermark;
            through = Math.max(through, watermark);
        }
    }

    /** Adds a memory; it becomes searchable at the next {@link #refresh()}. */
    void add(MemoryDocument memory) throws IOException {
        overlayWriter.addDocument(IndexLayout.document(memory));
    }

    /** Reopens {@link #reader()} over what was added or deleted since. */
    void refresh() throws IOException {
        DirectoryReader refreshed = DirectoryReader.openIfChanged(reader, overlayWriter);
        if (refreshed != null) {
            reader.close();
            reader = refreshed;
        }
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
