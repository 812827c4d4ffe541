package dev.colony.search.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * What the newest commit of an index directory holds, read without taking the index's write lock or
 * changing anything: which store it was built from, up to which change of that store's feed, and how
 * many memories. For checks such as {@code colony doctor}: an index holds one document per memory, so an
 * index that is up to date holds as many documents as the store holds memories.
 *
 * @param storeId the store the index was built from, {@code null} when the commit does not say
 * @param currentFormat whether the index is of this build's format (else it is rebuilt when opened)
 * @param watermark every change of the store's feed up to this one is indexed; -1 when unknown
 * @param documents how many memories the index holds
 */
public record IndexSummary(String storeId, boolean currentFormat, long watermark, int documents) {

    /**
     * The summary of the index in {@code directory}; empty when there is no index there.
     *
     * @throws IOException when the index cannot be read (damaged files, say): it is rebuilt when opened
     */
    public static Optional<IndexSummary> read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (Directory files = FSDirectory.open(directory)) {
            if (!DirectoryReader.indexExists(files)) {
                return Optional.empty();
            }
            try (DirectoryReader reader = DirectoryReader.open(files)) {
                Map<String, String> data = reader.getIndexCommit().getUserData();
                long watermark;
                try {
                    watermark = Long.parseLong(data.getOrDefault(IndexLayout.DATA_WATERMARK, "-1"));
                } catch (NumberFormatException e) {
                    watermark = -1;
                }
                boolean current = Integer.toString(LuceneSearch.FORMAT_VERSION).equals(data.get(IndexLayout.DATA_FORMAT));
                return Optional.of(new IndexSummary(data.get(IndexLayout.DATA_STORE_ID), current, watermark,
                        new IndexSearcher(reader).count(new FieldExistsQuery(IndexLayout.REV))));
            }
        }
    }
}
