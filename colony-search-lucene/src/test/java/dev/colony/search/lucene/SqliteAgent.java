package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.session.Session;
import dev.colony.spi.search.MemorySource;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One agent process as the cross-process test sees it: a SQLite store and the search index beside
 * it, writing memories through the storage SPI and searching them.
 */
final class SqliteAgent implements AutoCloseable {

    static final UserId USER = UserId.of("alice");

    private final SqliteStorageProvider provider;
    private final SessionId session;
    private final NamespaceId namespace;
    private final LuceneIndexFactory factory;
    private LuceneSearchIndex index;

    SqliteAgent(Path database, String sessionId) {
        provider = SqliteStorageProvider.open(database);
        session = SessionId.of(sessionId);
        Instant now = Instant.now();
        namespace = provider.write(tx -> {
            tx.sessions().upsert(new Session(session, USER, "test-agent", null, null, null, null, now, null, now));
            Namespace personal = tx.namespaces().personal(USER, now);
            return personal.id();
        });
        factory = LuceneSearch.besideStore().withTakeoverInterval(Duration.ZERO);
    }

    void openIndex() {
        index = factory.open(MemorySource.over(provider));
    }

    void closeIndex() {
        index.close();
        index = null;
    }

    /** Whether this agent's index holds the write lock, once its background thread has run a step. */
    boolean writer() {
        index.awaitCaughtUp(60_000);
        return index.holdsWriteLock();
    }

    /** Writes a note containing {@code word}; returns its id. */
    long write(String word) {
        return write("cross process note about " + word, null);
    }

    /** Writes a note of {@code content} with {@code vector} (or none); returns its id. */
    long write(String content, StoredVector vector) {
        return writeAll(List.of(content), Arrays.asList(vector)).get(0);
    }

    /** Ids of the memories whose vectors are near {@code query} (search by meaning). */
    Set<Long> searchMeaning(String text, StoredVector query) {
        SearchRequest request = new SearchRequest(text, Set.of(namespace), Set.of(), Set.of(), null, null, null, null,
                10, SearchMode.VECTOR, query, OnnxEmbedder.DEFAULT_MODEL.minSimilarity());
        return index.search(request).stream().map(hit -> hit.id()).map(MemoryId::value).collect(Collectors.toSet());
    }

    /** Writes notes of {@code contents} with {@code vectors} (same order) in one transaction; returns their ids. */
    List<Long> writeAll(List<String> contents, List<StoredVector> vectors) {
        Instant now = Instant.now();
        List<Long> ids = provider.write(tx -> {
            List<Long> written = new ArrayList<>(contents.size());
            for (int i = 0; i < contents.size(); i++) {
                written.add(tx.memories().insert(new NewMemory(namespace, session, MemoryKind.NOTE, contents.get(i),
                        List.of("interop"), List.of(), null, null, null, null, now, null, Map.of(), vectors.get(i)))
                        .id().value());
            }
            return written;
        });
        changed();
        return ids;
    }

    /** Rewrites memory {@code id} to be about {@code word}. */
    void update(long id, String word) {
        Instant now = Instant.now();
        provider.write(tx -> {
            Memory old = tx.memories().find(MemoryId.of(id)).orElseThrow();
            return tx.memories().update(new Memory(old.id(), old.namespace(), old.session(), old.kind(),
                    "cross process note about " + word, old.topics(), old.macroTopics(), old.ref(), old.artifact(),
                    old.task(), old.replyTo(), old.createdAt(), now, old.expiresAt(), old.retracted(),
                    old.metadata(), old.version()), null);
        });
        changed();
    }

    /** Waits until this agent's index has indexed every change the store has now. */
    void awaitIndexed() {
        if (!index.awaitCaughtUp(60_000)) {
            throw new IllegalStateException("the index did not catch up");
        }
    }

    private void changed() {
        if (index != null) {
            index.changed();
        }
    }

    /** Ids of the memories found for {@code word}. */
    Set<Long> search(String word) {
        SearchRequest request = new SearchRequest(word, Set.of(namespace), Set.of(), null, null, null, null, 10);
        return index.search(request).stream().map(hit -> hit.id()).map(MemoryId::value).collect(Collectors.toSet());
    }

    @Override
    public void close() {
        if (index != null) {
            index.close();
        }
        provider.close();
    }
}
