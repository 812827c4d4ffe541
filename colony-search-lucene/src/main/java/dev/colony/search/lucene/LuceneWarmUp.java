package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Loads, off the clients' path, the classes an index needs to open and answer its first search: Lucene's writer,
 * codecs, readers, queries and the highlighter, well over a thousand classes that a cold process otherwise loads
 * while its first search waits (about a second on two busy cores). It indexes one sample memory with a vector in
 * memory, searches it by words and by meaning, and closes; a server runs it on a thread of its own while its store
 * opens, so the store's own index, opened next, finds the classes loaded.
 */
public final class LuceneWarmUp {

    private static final System.Logger LOG = System.getLogger(LuceneWarmUp.class.getName());
    /** Dimensions of the sample vector; any number loads the same classes. */
    private static final int DIMENSION = 8;

    private LuceneWarmUp() {
    }

    /** Indexes and searches a sample memory in memory once; a failure is only logged. */
    public static void run() {
        NamespaceId namespace = NamespaceId.of(1);
        Instant now = Instant.now();
        float[] values = new float[DIMENSION];
        values[0] = 1f;
        StoredVector vector = new StoredVector("warm-up", values);
        Memory sample = new Memory(MemoryId.of(1), namespace, SessionId.of("warm-up"), MemoryKind.DECISION,
                "Warm up the search index before the first query", List.of("warm-up"), List.of(), null, null, null,
                null, now, now, now, false, Map.of(), 1);
        MemoryDocument document = new MemoryDocument(sample, vector, null, 1);
        try (SearchIndex index = LuceneSearch.inMemory().open(new OneMemory(document), Clock.systemUTC())) {
            index.search(new SearchRequest("first query", Set.of(namespace), Set.of(), Set.of(), null, null, null,
                    null, 5, SearchMode.HYBRID, vector, 0));
            index.nearest(vector, namespace, MemoryKind.DECISION, 3, 0.5);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "warming up the search index failed: {0}", e.toString());
        }
    }

    /** A store holding one memory, as its change feed. */
    private record OneMemory(MemoryDocument document) implements MemorySource {

        @Override
        public String storeId() {
            return "warm-up";
        }

        @Override
        public Optional<Path> location() {
            return Optional.empty();
        }

        @Override
        public long latestRev() {
            return document.rev();
        }

        @Override
        public List<MemoryDocument> changedSince(long afterRev, int limit) {
            return afterRev < document.rev() && limit > 0 ? List.of(document) : List.of();
        }
    }
}
