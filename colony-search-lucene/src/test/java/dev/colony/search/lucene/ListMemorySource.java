package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.storage.MemoryDocument;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test fixture of the search SPI: a store's memory log kept in a list, with ids assigned in
 * insertion order, and counters of the calls an index makes.
 */
final class ListMemorySource implements MemorySource {

    static final NamespaceId NS = NamespaceId.of(1);
    static final SessionId SESSION = SessionId.of("session-a");
    static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    private final String storeId;
    private final Path location;
    private final List<MemoryDocument> memories = new ArrayList<>();
    final AtomicInteger latestIdCalls = new AtomicInteger();
    final AtomicInteger afterCalls = new AtomicInteger();

    ListMemorySource(String storeId, Path location) {
        this.storeId = storeId;
        this.location = location;
    }

    ListMemorySource(String storeId) {
        this(storeId, null);
    }

    @Override
    public String storeId() {
        return storeId;
    }

    @Override
    public Optional<Path> location() {
        return Optional.ofNullable(location);
    }

    @Override
    public synchronized long latestId() {
        latestIdCalls.incrementAndGet();
        return memories.isEmpty() ? 0 : memories.get(memories.size() - 1).memory().id().value();
    }

    @Override
    public synchronized List<MemoryDocument> after(long afterId, int limit) {
        afterCalls.incrementAndGet();
        // Ids are 1, 2, 3, ... in list order, so the memories after an id start at that index.
        int from = (int) Math.min(Math.max(afterId, 0), memories.size());
        int to = (int) Math.min((long) from + limit, memories.size());
        return new ArrayList<>(memories.subList(from, to));
    }

    @Override
    public synchronized long latestRev() {
        return memories.size();
    }

    @Override
    public synchronized List<MemoryDocument> changedSince(long afterRev, int limit) {
        // Nothing is ever updated here, so revs equal ids.
        return after(afterRev, limit);
    }

    /** Starts a memory with the given content, in namespace 1, session-a, kind fact, created at T0. */
    Draft memory(String content) {
        return new Draft(content);
    }

    /** Adds a fact with default attributes; returns its id. */
    long add(String content) {
        return memory(content).add();
    }

    synchronized int size() {
        return memories.size();
    }

    private synchronized long append(Draft draft) {
        long id = memories.size() + 1L;
        Memory memory = new Memory(MemoryId.of(id), draft.namespace, draft.session, draft.kind, draft.content,
                draft.topics, draft.macroTopics, draft.ref, draft.artifact, draft.task, null, draft.created,
                draft.created, null, false, Map.of());
        memories.add(new MemoryDocument(memory, null, id));
        return id;
    }

    /** A memory being described; {@link #add()} appends it to the log. */
    final class Draft {
        private final String content;
        private NamespaceId namespace = NS;
        private SessionId session = SESSION;
        private MemoryKind kind = MemoryKind.FACT;
        private List<String> topics = List.of();
        private List<String> macroTopics = List.of();
        private String ref;
        private String artifact;
        private TaskId task;
        private Instant created = T0;

        private Draft(String content) {
            this.content = content;
        }

        Draft namespace(long id) {
            namespace = NamespaceId.of(id);
            return this;
        }

        Draft session(String id) {
            session = SessionId.of(id);
            return this;
        }

        Draft kind(MemoryKind newKind) {
            kind = newKind;
            return this;
        }

        Draft topics(String... values) {
            topics = List.of(values);
            return this;
        }

        Draft macroTopics(String... values) {
            macroTopics = List.of(values);
            return this;
        }

        Draft pointers(String newRef, String newArtifact) {
            ref = newRef;
            artifact = newArtifact;
            return this;
        }

        Draft task(long id) {
            task = TaskId.of(id);
            return this;
        }

        Draft created(Instant at) {
            created = at;
            return this;
        }

        long add() {
            return append(this);
        }
    }
}
