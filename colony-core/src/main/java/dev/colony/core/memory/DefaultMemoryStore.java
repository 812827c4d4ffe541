package dev.colony.core.memory;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.session.Session;
import dev.colony.core.internal.Check;
import dev.colony.core.internal.PersonalNamespaces;
import dev.colony.core.internal.SessionOwners;
import dev.colony.core.internal.TimeSource;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link MemoryStore} for one actor, over a storage provider and an optional search index.
 *
 * <p>The actor reads and writes its user's personal namespace; shared collections widen
 * {@link #readable} when they arrive. Every write is one transaction that first checks the
 * actor's session, so a memory is never attributed to a session that does not exist.
 */
public final class DefaultMemoryStore implements MemoryStore {

    private final Actor actor;
    private final StorageProvider storage;
    private final SearchIndex index;
    private final Embedder embedder;
    private final TimeSource time;
    private final PersonalNamespaces namespaces;
    private final SessionOwners owners;

    /**
     * A store acting as {@code actor}.
     *
     * @param index the search index, or {@code null} when search is not configured
     * @param embedder the embedder, or {@code null} when vectors are not computed
     */
    public DefaultMemoryStore(Actor actor, StorageProvider storage, SearchIndex index, Embedder embedder,
            TimeSource time, PersonalNamespaces namespaces, SessionOwners owners) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.storage = storage;
        this.index = index;
        this.embedder = embedder;
        this.time = time;
        this.namespaces = namespaces;
        this.owners = owners;
    }

    @Override
    public Memory add(MemoryDraft draft) {
        Instant now = time.now();
        MemoryDraft valid = DraftCheck.validate(draft, now);
        float[] vector = embed(valid);
        return storage.write(tx -> insert(tx, valid, vector, now));
    }

    private Memory insert(StorageTransaction tx, MemoryDraft draft, float[] vector, Instant now) {
        owners.require(tx, "session_id", actor.session(), actor.user());
        NamespaceId namespace = namespaces.resolve(tx, actor.user());
        Set<NamespaceId> readable = Set.of(namespace);
        if (draft.task() != null) {
            boolean visible = tx.tasks().find(draft.task())
                    .filter(task -> readable.contains(task.namespace())).isPresent();
            if (!visible) {
                throw ColonyException.notFound("task_id: no task with id " + draft.task());
            }
        }
        if (draft.replyTo() != null) {
            boolean visible = tx.memories().find(draft.replyTo())
                    .filter(memory -> readable.contains(memory.namespace())).isPresent();
            if (!visible) {
                throw ColonyException.notFound("reply_to: no memory with id " + draft.replyTo());
            }
        }
        Memory stored = tx.memories().insert(new NewMemory(namespace, actor.session(), draft.kind(),
                draft.content(), draft.topics(), draft.macroTopics(), draft.ref(), draft.artifact(), draft.task(),
                draft.replyTo(), now, draft.expiresAt(), draft.metadata(), vector));
        tx.sessions().touch(actor.session(), now);
        return stored;
    }

    private float[] embed(MemoryDraft draft) {
        if (embedder == null) {
            return null;
        }
        List<float[]> vectors = embedder.embed(List.of(draft.content()));
        if (vectors.size() != 1 || vectors.get(0).length != embedder.dimension()) {
            throw new ColonyException(ErrorCode.INTERNAL, "embedder " + embedder.modelId()
                    + " returned a vector of the wrong shape");
        }
        return vectors.get(0);
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
        Set<NamespaceId> readable = readable();
        Map<MemoryId, Memory> found = new LinkedHashMap<>();
        for (Memory memory : storage.read(tx -> tx.memories().findAll(wanted))) {
            if (readable.contains(memory.namespace())) {
                found.put(memory.id(), memory);
            }
        }
        List<MemoryId> missing = wanted.stream().filter(id -> !found.containsKey(id)).collect(Collectors.toList());
        if (!missing.isEmpty()) {
            throw ColonyException.notFound("ids: no memory with id " + missing.stream().map(MemoryId::toString)
                    .collect(Collectors.joining(", ")));
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
        return storage.read(tx -> window(tx, "session_id", session, aroundId, limit));
    }

    private List<TimelineEntry> window(
            StorageTransaction tx, String field, SessionId session, MemoryId aroundId, int limit) {
        owners.require(tx, field, session, actor.user());
        if (aroundId != null) {
            boolean inSession = tx.memories().find(aroundId)
                    .filter(memory -> memory.session().equals(session)).isPresent();
            if (!inSession) {
                throw ColonyException.notFound("around_id: no memory with id " + aroundId + " in session "
                        + session);
            }
        }
        return tx.memories().timeline(session, aroundId, limit);
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        Check.required("query", query);
        String text = Check.required("query", query.text());
        if (text.isBlank()) {
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
        if (index == null) {
            throw new ColonyException(ErrorCode.UNAVAILABLE, "search: this Colony was built without a search index");
        }
        SearchRequest request = new SearchRequest(text.strip(), readable(), query.kinds(), query.session(),
                query.task(), query.since(), query.until(), query.limit());
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
        Instant now = time.now();
        return storage.write(tx -> {
            owners.require(tx, "current_session_id", actor.session(), actor.user());
            List<TimelineEntry> window = window(tx, "target_session_id", target, aroundId, limit);
            Session recalled = tx.sessions().find(target)
                    .orElseThrow(() -> SessionOwners.missing("target_session_id", target));
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
                    null, null, null, null, metadata), null, now);
            return new RecallResult(audit.id(), recalled, window);
        });
    }

    /** The namespaces this actor may read. */
    private Set<NamespaceId> readable() {
        NamespaceId personal = namespaces.cached(actor.user());
        if (personal == null) {
            personal = storage.write(tx -> namespaces.resolve(tx, actor.user()));
        }
        return Set.of(personal);
    }
}
