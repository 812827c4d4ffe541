package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test fixture of the search SPI: a store's change feed kept in memory, with ids assigned in
 * insertion order, every insert and update taking the next rev, and counters of the calls an index
 * makes. {@link #backup()} copies it, as a database file copied aside would be.
 */
final class ListMemorySource implements MemorySource {

    static final NamespaceId NS = NamespaceId.of(1);
    static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    private final String storeId;
    private final Path location;
    /** The latest version of each memory, by id (ids are 1, 2, 3, ... in list order). */
    private final List<MemoryDocument> memories = new ArrayList<>();
    private long rev;
    final AtomicInteger latestRevCalls = new AtomicInteger();
    final AtomicInteger changedSinceCalls = new AtomicInteger();
    /** The changes read through {@link #changedSince}, summed. */
    final AtomicLong changesRead = new AtomicLong();
    /** The changes read through {@link #changedSince} by threads other than background indexers. */
    final AtomicLong changesReadBySearches = new AtomicLong();
    /** While set, background indexer threads wait on it before reading changes. */
    private volatile CountDownLatch backgroundGate;

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
    public synchronized long latestRev() {
        latestRevCalls.incrementAndGet();
        return rev;
    }

    @Override
    public List<MemoryDocument> changedSince(long afterRev, int limit) {
        boolean background = Thread.currentThread().getName().startsWith("colony-search-indexer");
        CountDownLatch gate = backgroundGate;
        if (background && gate != null) {
            try {
                gate.await();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        List<MemoryDocument> changed = read(afterRev, limit);
        if (!background) {
            changesReadBySearches.addAndGet(changed.size());
        }
        return changed;
    }

    /** Makes background indexers wait on {@code gate} before they read changes ({@code null}: never). */
    void holdBackgroundReads(CountDownLatch gate) {
        backgroundGate = gate;
    }

    private synchronized List<MemoryDocument> read(long afterRev, int limit) {
        changedSinceCalls.incrementAndGet();
        List<MemoryDocument> changed = memories.stream().filter(m -> m.rev() > afterRev)
                .sorted(Comparator.comparingLong(MemoryDocument::rev)).limit(limit).toList();
        changesRead.addAndGet(changed.size());
        return changed;
    }

    /** Replaces the content of memory {@code id}; the memory takes the next rev. */
    synchronized void update(long id, String content) {
        Memory old = memories.get((int) id - 1).memory();
        Memory changed = new Memory(old.id(), old.namespace(), old.session(), old.kind(), content, old.topics(),
                old.macroTopics(), old.ref(), old.artifact(), old.task(), old.replyTo(), old.createdAt(),
                old.createdAt(), old.expiresAt(), old.retracted(), old.metadata(), rev + 1);
        memories.set((int) id - 1, new MemoryDocument(changed, null, ++rev));
    }

    /**
     * Forgets or purges memory {@code id} as a store does: it takes the next rev with that presence; a purged
     * memory loses its content, topics and vector, a forgotten one keeps them (for the audit trail).
     */
    synchronized void remove(long id, Presence presence) {
        MemoryDocument old = memories.get((int) id - 1);
        Memory memory = old.memory();
        if (presence == Presence.PURGED) {
            memory = new Memory(memory.id(), memory.namespace(), memory.session(), memory.kind(), "", List.of(),
                    List.of(), null, null, memory.task(), memory.replyTo(), memory.createdAt(), memory.updatedAt(),
                    memory.expiresAt(), memory.retracted(), Map.of(), memory.version());
        }
        memories.set((int) id - 1, new MemoryDocument(memory, presence == Presence.PURGED ? null : old.vector(),
                null, ++rev, presence));
    }

    /**
     * As the stores find it: the session's previous memory in the same namespace, when it is of the same task,
     * live and unretracted; {@code null} otherwise. (Unlike the stores, a change does not hand its successor to
     * the feed again.)
     */
    private MemoryDocument predecessor(Memory memory) {
        for (int i = memories.size() - 1; i >= 0; i--) {
            MemoryDocument before = memories.get(i);
            Memory earlier = before.memory();
            if (earlier.session().equals(memory.session()) && earlier.namespace().equals(memory.namespace())) {
                boolean counts = !earlier.retracted() && Objects.equals(earlier.task(), memory.task())
                        && before.presence() == Presence.LIVE;
                return counts ? before : null;
            }
        }
        return null;
    }

    /** As the stores find it: the predecessor's vector, when it has one of the same model and dimension. */
    private static StoredVector context(MemoryDocument predecessor, StoredVector vector) {
        if (vector == null || predecessor == null || predecessor.vector() == null) {
            return null;
        }
        StoredVector before = predecessor.vector();
        return before.model().equals(vector.model()) && before.dimension() == vector.dimension() ? before : null;
    }

    /** A copy of the store as it is now, with the same store id and location: a backup. */
    synchronized ListMemorySource backup() {
        ListMemorySource copy = new ListMemorySource(storeId, location);
        copy.memories.addAll(memories);
        copy.rev = rev;
        return copy;
    }

    /**
     * Starts a memory with the given content, in namespace 1, in a session of its own (session-&lt;id&gt;), kind
     * fact, created at T0.
     */
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
        SessionId session = draft.session == null ? SessionId.of("session-" + id) : draft.session;
        Memory memory = new Memory(MemoryId.of(id), draft.namespace, session, draft.kind, draft.content,
                draft.topics, draft.macroTopics, draft.ref, draft.artifact, draft.task, null, draft.created,
                draft.created, null, false, Map.of(), rev + 1);
        MemoryDocument predecessor = predecessor(memory);
        memories.add(new MemoryDocument(memory, draft.vector, context(predecessor, draft.vector),
                predecessor == null ? null : predecessor.memory().content(), ++rev, Presence.LIVE,
                draft.vector == null ? List.of() : draft.passages));
        return id;
    }

    /** A memory being described; {@link #add()} appends it to the log. */
    final class Draft {
        private final String content;
        private NamespaceId namespace = NS;
        /** Unless set, a session of the memory's own, so that unrelated memories are not each other's context. */
        private SessionId session;
        private MemoryKind kind = MemoryKind.FACT;
        private List<String> topics = List.of();
        private List<String> macroTopics = List.of();
        private String ref;
        private String artifact;
        private TaskId task;
        private Instant created = T0;
        private StoredVector vector;
        private List<StoredVector> passages = List.of();

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

        Draft vector(StoredVector value) {
            vector = value;
            return this;
        }

        Draft passages(List<StoredVector> values) {
            passages = values;
            return this;
        }

        long add() {
            return append(this);
        }
    }
}
