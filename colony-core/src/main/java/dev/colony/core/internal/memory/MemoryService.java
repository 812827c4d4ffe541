package dev.colony.core.internal.memory;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.Previews;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.AddOutcome;
import dev.colony.api.memory.Clustering;
import dev.colony.api.memory.EditedMemory;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryChange;
import dev.colony.api.memory.MemoryChanges;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryEdit;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.session.Session;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.MemoryEmbedding;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.QueryVector;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StoredVector;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@link MemoryStore} for one caller: a caller plus the Colony's kernel.
 *
 * <p>Every read and write asks the kernel's {@link Access} gate: writes land in the namespace the gate
 * names writable, reads see only namespaces it names readable, and a memory or session outside them
 * is reported exactly as a missing one. Every write is one transaction that first checks the caller's
 * session, so a memory is never attributed to a session that does not exist. Reads never write.
 * Once a write has committed, the search index is told ({@link SearchIndex#changed()}), so that it
 * indexes the change at once rather than at its next poll.
 */
public final class MemoryService implements MemoryStore {

    /**
     * Kinds Colony writes for its own audit trail (recalls, message read receipts); hidden from searches
     * that do not ask for them.
     */
    static final Set<MemoryKind> AUDIT_KINDS = Set.of(MemoryKind.RECALL, MemoryKind.of("message_read"));

    /** How much of a changed memory's content the change feed shows. */
    static final int CHANGE_PREVIEW_CHARS = 120;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;

    /** The memory service acting as {@code actor}. */
    public MemoryService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
    }

    @Override
    public Memory add(MemoryDraft draft) {
        Instant now = kernel.time().now();
        MemoryDraft valid = DraftCheck.validate(draft, now);
        MemoryEmbedding embedding = kernel.embedMemory(valid.content());
        return store.write(tx -> insert(tx, valid, embedding, now));
    }

    @Override
    public AddOutcome addUnlessDuplicate(MemoryDraft draft) {
        Instant now = kernel.time().now();
        MemoryDraft valid = DraftCheck.validate(draft, now);
        MemoryEmbedding embedding = kernel.embedMemory(valid.content());
        return store(valid, embedding, now, true);
    }

    @Override
    public List<AddOutcome> addAll(List<MemoryDraft> drafts, boolean deduplicate) {
        Check.required("memories", drafts);
        Check.range("memories", drafts.size(), 1, MemoryLimits.MAX_BATCH);
        Instant now = kernel.time().now();
        List<AddOutcome> outcomes = new ArrayList<>(Collections.nCopies(drafts.size(), null));
        List<Integer> valid = new ArrayList<>();
        List<MemoryDraft> checked = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            try {
                checked.add(DraftCheck.validate(drafts.get(i), now));
                valid.add(i);
            } catch (ColonyException refused) {
                outcomes.set(i, AddOutcome.refused(refused));
            }
        }
        List<MemoryEmbedding> embeddings = kernel.embedMemories(checked.stream().map(MemoryDraft::content).toList());
        List<StoredVector> vectors = embeddings.stream().map(MemoryEmbedding::vector).toList();
        Duplicates duplicates = new Duplicates(actor, kernel);
        List<Integer> storing = new ArrayList<>();
        Map<Integer, BatchDuplicate> ofEarlier = new HashMap<>();
        for (int j = 0; j < checked.size(); j++) {
            if (deduplicate) {
                Optional<AddOutcome.Duplicate> stored;
                try {
                    stored = duplicates.find(checked.get(j), vectors.get(j));
                } catch (ColonyException refused) {
                    outcomes.set(valid.get(j), AddOutcome.refused(refused));
                    continue;
                }
                Optional<BatchDuplicate> earlier = earlierInBatch(j, storing, checked, vectors,
                        stored.map(AddOutcome.Duplicate::score).orElse(-1.0));
                if (earlier.isPresent()) {
                    ofEarlier.put(j, earlier.get());
                    continue;
                }
                if (stored.isPresent()) {
                    outcomes.set(valid.get(j), AddOutcome.duplicateOf(stored.get()));
                    continue;
                }
            }
            storing.add(j);
        }
        Optional<Map<Integer, AddOutcome>> written = writeTogether(storing, checked, embeddings, now);
        if (written.isEmpty()) {
            // One of them was refused, which rolled the shared transaction back: each goes on its own instead,
            // in order, as if the batch were sent one memory at a time.
            List<Integer> left = new ArrayList<>(storing);
            left.addAll(ofEarlier.keySet());
            Collections.sort(left);
            for (int j : left) {
                try {
                    outcomes.set(valid.get(j), store(checked.get(j), embeddings.get(j), now, deduplicate));
                } catch (ColonyException refused) {
                    outcomes.set(valid.get(j), AddOutcome.refused(refused));
                }
            }
            return List.copyOf(outcomes);
        }
        written.get().forEach((j, outcome) -> outcomes.set(valid.get(j), outcome));
        ofEarlier.forEach((j, earlier) -> outcomes.set(valid.get(j), AddOutcome.duplicateOf(
                new AddOutcome.Duplicate(written.get().get(earlier.index()).memory(), earlier.score()))));
        return List.copyOf(outcomes);
    }

    /** A memory of a batch that duplicates the batch's memory at {@code index}, as alike as {@code score}. */
    private record BatchDuplicate(int index, double score) {
    }

    /**
     * The memory among the batch's earlier ones being stored ({@code storing}) that memory {@code j} duplicates, the
     * most alike if several, when it is more alike than {@code storedScore} (the best stored duplicate's score, or
     * below any): what the duplicate check would have found had the earlier ones been written one by one first.
     */
    private Optional<BatchDuplicate> earlierInBatch(int j, List<Integer> storing, List<MemoryDraft> checked,
            List<StoredVector> vectors, double storedScore) {
        BatchDuplicate best = null;
        for (int i : storing) {
            OptionalDouble score = Duplicates.score(kernel, checked.get(i), vectors.get(i), checked.get(j),
                    vectors.get(j));
            if (score.isPresent() && score.getAsDouble() > (best == null ? storedScore : best.score())) {
                best = new BatchDuplicate(i, score.getAsDouble());
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Writes the batch's memories at {@code storing} in one transaction, so that the store and the index take them
     * in one step; empty when one of them is refused, which rolls all of them back.
     */
    private Optional<Map<Integer, AddOutcome>> writeTogether(List<Integer> storing, List<MemoryDraft> checked,
            List<MemoryEmbedding> embeddings, Instant now) {
        if (storing.isEmpty()) {
            return Optional.of(Map.of());
        }
        try {
            return Optional.of(store.write(tx -> {
                Map<Integer, Memory> inserted = new LinkedHashMap<>();
                for (int j : storing) {
                    inserted.put(j, insert(tx, checked.get(j), embeddings.get(j), now));
                }
                Map<Integer, AddOutcome> written = new HashMap<>();
                inserted.forEach((j, memory) -> written.put(j, AddOutcome.stored(memory, memory.version())));
                return written;
            }));
        } catch (ColonyException refused) {
            return Optional.empty();
        }
    }

    /** Stores a checked draft, or names the memory it duplicates when {@code deduplicate} and there is one. */
    private AddOutcome store(MemoryDraft draft, MemoryEmbedding embedding, Instant now, boolean deduplicate) {
        if (deduplicate) {
            Optional<AddOutcome.Duplicate> duplicate = new Duplicates(actor, kernel).find(draft, embedding.vector());
            if (duplicate.isPresent()) {
                return AddOutcome.duplicateOf(duplicate.get());
            }
        }
        return store.write(tx -> {
            Memory stored = insert(tx, draft, embedding, now);
            return AddOutcome.stored(stored, stored.version());
        });
    }

    /**
     * Checks a draft and computes its embedding, outside any transaction, for a service that writes
     * the memory as part of its own transaction (a task-thread post, say) with {@link #insert}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the first bad field
     */
    public Prepared prepare(MemoryDraft draft, Instant now) {
        MemoryDraft valid = DraftCheck.validate(draft, now);
        return new Prepared(valid, kernel.embedMemory(valid.content()));
    }

    /**
     * Writes a prepared memory inside {@code tx} (a write transaction) with every check {@link #add}
     * makes: the caller's own session, a readable task and reply target; the session is heartbeaten and
     * the search index told once {@code tx} commits.
     */
    public Memory insert(CallerTransaction tx, Prepared prepared, Instant now) {
        return insert(tx, prepared.draft(), prepared.embedding(), now);
    }

    /**
     * A checked draft and its embedding.
     *
     * @param draft the normalised draft
     * @param embedding its embeddings ({@link MemoryEmbedding#NONE} without an embedder)
     */
    public record Prepared(MemoryDraft draft, MemoryEmbedding embedding) {

        /** This prepared memory, posted on {@code task}. */
        public Prepared onTask(TaskId task) {
            return new Prepared(draft.withTask(task), embedding);
        }
    }

    private Memory insert(CallerTransaction tx, MemoryDraft draft, MemoryEmbedding embedding, Instant now) {
        tx.requireOwnSession("session_id", actor.session());
        NamespaceId thread = null;
        if (draft.task() != null) {
            thread = tx.task(draft.task()).map(StoredTask::namespace)
                    .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "task_id", "no task with id "
                            + draft.task()));
        }
        // A post on a task lives where the task does (a collection's task gets its posts in the collection).
        NamespaceId namespace;
        if (draft.collection() != null) {
            namespace = tx.writableCollection("collection", draft.collection()).id();
        } else if (thread != null) {
            tx.requireWritable("task_id", thread);
            namespace = thread;
        } else {
            namespace = tx.writable();
        }
        if (draft.replyTo() != null) {
            boolean visible = tx.memory(draft.replyTo()).isPresent();
            if (!visible) {
                throw ColonyException.about(ErrorCode.NOT_FOUND, "reply_to", "no memory with id " + draft.replyTo());
            }
        }
        TaskId opened = TrackedTasks.opensTask(draft.kind(), draft.task())
                ? TrackedTasks.open(tx, namespace, draft.kind(), draft.content(), actor.session(), now) : null;
        Memory stored = tx.memories().insert(new NewMemory(namespace, actor.session(), draft.kind(),
                draft.content(), draft.topics(), draft.macroTopics(), draft.ref(), draft.artifact(),
                opened != null ? opened : draft.task(), draft.replyTo(), now, draft.expiresAt(), draft.metadata(),
                embedding.vector(), embedding.passages()));
        if (opened != null) {
            tx.trackedTasks().attachChecklist(opened, stored.id());
        }
        tx.sessions().touch(actor.session(), now);
        return stored;
    }

    @Override
    public EditedMemory edit(MemoryEdit edit) {
        return new MemoryEditor(actor, kernel).edit(edit);
    }

    @Override
    public void forget(MemoryId id, Long expectedVersion) {
        Check.required("memory_id", id);
        store.write(tx -> {
            Memory memory = tx.memory(id).orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "memory_id",
                    "no memory with id " + id));
            tx.requireAuthorOrAdmin("memory_id", memory, "forget");
            if (expectedVersion != null && expectedVersion != memory.version()) {
                throw MemoryEditor.conflict(id, expectedVersion, memory.version());
            }
            tx.memoryForgetting().forget(id, actor.user().value(), kernel.time().now());
            return null;
        });
    }

    @Override
    public Map<MemoryId, Long> versions(List<MemoryId> ids) {
        Check.required("ids", ids);
        return store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            Map<MemoryId, Long> versions = new LinkedHashMap<>();
            for (Memory memory : tx.memories().findAll(ids)) {
                if (readable.contains(memory.namespace())) {
                    versions.put(memory.id(), memory.version());
                }
            }
            return versions;
        });
    }

    @Override
    public MemoryChanges changes(long afterRev, int limit) {
        if (afterRev < 0) {
            throw ColonyException.invalid("after_rev", "must be 0 or more, was " + afterRev);
        }
        Check.range("limit", limit, 1, MemoryLimits.MAX_CHANGES);
        return store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            List<MemoryChange> seen = new ArrayList<>();
            long next = afterRev;
            for (MemoryDocument document : tx.memoryFeed().changedSince(afterRev, limit)) {
                next = Math.max(next, document.rev());
                Memory memory = document.memory();
                if (!readable.contains(memory.namespace())) {
                    continue;
                }
                MemoryChange.State state = document.presence().hidden() ? MemoryChange.State.GONE
                        : memory.retracted() ? MemoryChange.State.RETRACTED : MemoryChange.State.LIVE;
                seen.add(new MemoryChange(document.rev(), memory.id(), memory.kind(), memory.session(), memory.task(),
                        memory.updatedAt() == null ? memory.createdAt() : memory.updatedAt(), state,
                        state == MemoryChange.State.LIVE
                                ? Previews.line(memory.content(), CHANGE_PREVIEW_CHARS) : null));
            }
            return new MemoryChanges(seen, next);
        });
    }

    @Override
    public List<Memory> get(List<MemoryId> ids) {
        Check.required("ids", ids);
        if (ids.isEmpty() || ids.size() > MemoryLimits.MAX_GET_IDS) {
            throw ColonyException.invalid("ids", "must hold 1 to " + MemoryLimits.MAX_GET_IDS + " ids, held "
                    + ids.size());
        }
        Set<MemoryId> wanted = new LinkedHashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            wanted.add(Check.required("ids[" + i + "]", ids.get(i)));
        }
        Map<MemoryId, Memory> found = new LinkedHashMap<>();
        store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            for (Memory memory : tx.memories().findAll(wanted)) {
                if (readable.contains(memory.namespace())) {
                    found.put(memory.id(), memory);
                }
            }
            return null;
        });
        List<MemoryId> missing = wanted.stream().filter(id -> !found.containsKey(id)).collect(Collectors.toList());
        if (!missing.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "ids", "no memory with id "
                    + missing.stream().map(MemoryId::toString).collect(Collectors.joining(", ")));
        }
        List<Memory> ordered = new ArrayList<>(wanted.size());
        for (MemoryId id : wanted) {
            ordered.add(found.get(id));
        }
        return ordered;
    }

    @Override
    public List<TimelineEntry> timeline(SessionId session, MemoryId aroundId, int limit) {
        Check.required("session_id", session);
        Check.range("limit", limit, 1, MemoryLimits.MAX_TIMELINE_LIMIT);
        return store.read(tx -> window(tx, "session_id", session, aroundId, limit));
    }

    private List<TimelineEntry> window(
            CallerTransaction tx, String field, SessionId session, MemoryId aroundId, int limit) {
        tx.requireVisibleSession(field, session);
        if (aroundId != null) {
            boolean inSession = tx.memories().find(aroundId)
                    .filter(memory -> memory.session().equals(session))
                    .filter(memory -> tx.canRead(memory.namespace())).isPresent();
            if (!inSession) {
                throw ColonyException.about(ErrorCode.NOT_FOUND, "around_id", "no memory with id " + aroundId
                        + " in session " + session);
            }
        }
        // A session may have written into a collection the caller has left since: the store leaves those out.
        return tx.memories().timeline(session, tx.readable(), aroundId, limit);
    }

    @Override
    public Clustering cluster(List<MemoryId> ids, double threshold) {
        Check.required("ids", ids);
        if (ids.isEmpty() || ids.size() > MAX_CLUSTER_IDS) {
            throw ColonyException.invalid("ids", "must hold 1 to " + MAX_CLUSTER_IDS + " ids, held " + ids.size());
        }
        if (!(threshold > 0 && threshold <= 1)) {
            throw ColonyException.invalid("threshold", "must be above 0 and at most 1, was " + threshold);
        }
        Set<MemoryId> wanted = new TreeSet<>(Comparator.comparingLong(MemoryId::value));
        for (int i = 0; i < ids.size(); i++) {
            wanted.add(Check.required("ids[" + i + "]", ids.get(i)));
        }
        Embedder embedder = kernel.embedder().orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE,
                "clustering by meaning needs an embedder, and this Colony has none"));
        List<MemoryDocument> readable = store.read(tx -> {
            Set<NamespaceId> namespaces = tx.readable();
            return tx.memoryVectors().documents(wanted).stream()
                    .filter(document -> namespaces.contains(document.memory().namespace())).toList();
        });
        if (readable.size() < wanted.size()) {
            Set<MemoryId> found = readable.stream().map(document -> document.memory().id()).collect(Collectors.toSet());
            throw ColonyException.about(ErrorCode.NOT_FOUND, "ids", "no memory with id " + wanted.stream()
                    .filter(id -> !found.contains(id)).map(MemoryId::toString).collect(Collectors.joining(", ")));
        }
        List<MemoryId> embedded = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        List<MemoryId> withoutVector = new ArrayList<>();
        for (MemoryDocument document : readable) {
            StoredVector vector = document.vector();
            if (vector != null && vector.isOf(embedder.modelId(), embedder.dimension())) {
                embedded.add(document.memory().id());
                vectors.add(vector.values());
            } else {
                withoutVector.add(document.memory().id());
            }
        }
        return SingleLinkage.cluster(embedded, vectors, threshold, withoutVector);
    }

    @Override
    public SearchMode searchMode(SearchMode requested) {
        Check.required("mode", requested);
        if (requested == SearchMode.KEYWORD) {
            return requested;
        }
        if (kernel.embedder().isPresent()) {
            return kernel.modelLoading().getAsBoolean() ? SearchMode.KEYWORD : requested;
        }
        if (requested == SearchMode.VECTOR) {
            throw new ColonyException(ErrorCode.UNAVAILABLE, "search by meaning needs an embedder, and this Colony "
                    + "has none; search with mode keyword or hybrid");
        }
        return SearchMode.KEYWORD;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        Check.required("query", query);
        String text = Check.required("query", query.text());
        Check.wellFormed("query", text);
        if (Check.blank(text)) {
            throw ColonyException.invalid("query", "must not be blank");
        }
        if (text.length() > MemoryLimits.MAX_QUERY_CHARS) {
            throw ColonyException.invalid("query", "must be at most " + MemoryLimits.MAX_QUERY_CHARS
                    + " characters, was " + text.length());
        }
        Check.range("limit", query.limit(), 1, MemoryLimits.MAX_SEARCH_LIMIT);
        if (query.since() != null && query.until() != null && !query.since().isBefore(query.until())) {
            throw ColonyException.invalid("since", "must be before until");
        }
        SearchIndex index = kernel.index().orElseThrow(() -> new ColonyException(ErrorCode.UNAVAILABLE,
                "search: this Colony was built without a search index"));
        Set<NamespaceId> readable = store.read(CallerTransaction::readable);
        if (readable.isEmpty()) {
            return List.of();
        }
        Set<MemoryKind> excluded = new LinkedHashSet<>(AUDIT_KINDS);
        excluded.removeAll(query.kinds());
        SearchMode mode = searchMode(query.mode());
        QueryVector queryVector = null;
        double minSimilarity = -1;
        if (mode != SearchMode.KEYWORD) {
            kernel.vectors().requireOneModel();
            // Embedded when the index needs it, or beside the index's work that does not need it.
            queryVector = QueryVector.computedBy(() -> kernel.embedQuery(index.embeddingText(text.strip(), readable)));
            minSimilarity = kernel.embedder().orElseThrow().minSimilarity();
        }
        SearchRequest request = new SearchRequest(text.strip(), readable, query.kinds(), excluded, query.session(),
                query.task(), query.since(), query.until(), query.limit(), mode, queryVector, minSimilarity);
        try {
            return index.search(request);
        } catch (ColonyException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "search failed: " + e.getMessage(), e);
        }
    }

    @Override
    public RecallResult recallSession(SessionId target, MemoryId aroundId, int limit) {
        Check.required("target_session_id", target);
        Check.range("limit", limit, 1, MemoryLimits.MAX_RECALL_LIMIT);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("current_session_id", actor.session());
            List<TimelineEntry> window = window(tx, "target_session_id", target, aroundId, limit);
            Session recalled = tx.sessions().find(target)
                    .orElseThrow(() -> Access.sessionNotFound("target_session_id", target));
            String ide = IdeNames.of(recalled);
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("recalled_session_id", target.value());
            metadata.put("owner_ide", ide);
            metadata.put("observation_ids", window.stream().map(entry -> entry.id().value()).toList());
            if (aroundId != null) {
                metadata.put("around_id", aroundId.value());
            }
            metadata.put("limit", (long) limit);
            String content = "Recalled " + window.size() + " memories of session " + target + " (" + ide + ")";
            Memory audit = insert(tx, new MemoryDraft(MemoryKind.RECALL, content, List.of(), List.of(), null,
                    null, null, null, null, metadata, null), MemoryEmbedding.NONE, now);
            return new RecallResult(audit.id(), recalled, window);
        });
    }
}
