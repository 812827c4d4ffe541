package dev.colony.api.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import java.util.List;
import java.util.Map;

/**
 * Shared memory as seen by one {@link dev.colony.api.Actor}: writes are attributed to the actor's
 * session and land in the actor's personal namespace; reads see only namespaces the actor belongs to.
 *
 * <p>Every method validates its arguments before touching storage; bad input is refused with
 * {@code INVALID_ARGUMENT} naming the field, and nothing is written. Implementations are thread-safe
 * and safe across processes sharing one store.
 */
public interface MemoryStore {

    /**
     * Writes a memory.
     *
     * @return the stored memory, with its id
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} for bad input,
     *     {@code SESSION_NOT_FOUND} when the actor's session does not exist, {@code NOT_FOUND} when the
     *     task or reply target does not exist in a namespace the actor may read
     */
    Memory add(MemoryDraft draft);

    /**
     * Writes a memory unless one of the same type in the same namespace already says the same: then nothing
     * is stored and the outcome names that memory with its score. Candidates are the memories nearest by
     * meaning; a stricter pairwise check keeps those that state the same facts (not those that merely share
     * words or differ in a figure). Structured tasks, and memories written without an embedder or search index,
     * are never taken for duplicates. Refusals are thrown as by {@link #add}.
     */
    AddOutcome addUnlessDuplicate(MemoryDraft draft);

    /**
     * Writes many memories, each checked and written on its own (one transaction each), so that one refusal
     * leaves the others stored; the embeddings of all of them are computed in one batch.
     *
     * @param drafts 1 to {@value MemoryLimits#MAX_BATCH} drafts
     * @param deduplicate whether each is checked for a duplicate first, as {@link #addUnlessDuplicate} does
     *     (so an entry may also duplicate one stored earlier in the same batch)
     * @return one outcome per draft, in order
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code memories} when there are none or too many
     */
    List<AddOutcome> addAll(List<MemoryDraft> drafts, boolean deduplicate);

    /**
     * Full bodies of the given memories, in the order asked.
     *
     * @param ids 1 to {@value MemoryLimits#MAX_GET_IDS} ids; duplicates are read once
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming every id that does not exist or
     *     is not visible to the actor
     */
    List<Memory> get(List<MemoryId> ids);

    /**
     * The change feed as the caller may see it: the memories of namespaces the caller may read whose latest change
     * has a rev after {@code afterRev}, in rev order, from at most {@code limit} changes read (a memory changed twice
     * is read once, at its latest rev). Revs grow store-wide and become visible in order, so a reader that asks
     * again after {@link MemoryChanges#nextRev()} misses nothing it may see.
     *
     * @param afterRev 0 to start from the beginning
     * @param limit how many changes to read, 1 to {@value MemoryLimits#MAX_CHANGES}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code after_rev} or {@code limit}
     */
    MemoryChanges changes(long afterRev, int limit);

    /**
     * Changes one memory the caller may write (see {@link MemoryEdit} for what may change and how), in one
     * transaction: a task's checklist, status and task row change together, and an output is stored as a
     * {@code result} memory posted on the task, with the task's topics and its id as ref. As with
     * {@link #forget}, its author may edit it, and so may an admin of its collection.
     *
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when the caller cannot read it,
     *     {@code FORBIDDEN} naming {@code memory_id} when it may read but not edit it (a reader, or a member
     *     that did not write it), {@code VERSION_CONFLICT} when it changed since
     *     the expected version, {@code INVALID_ARGUMENT} naming the field at fault (nothing is changed)
     */
    EditedMemory edit(MemoryEdit edit);

    /**
     * The current version of each memory the caller may read among {@code ids}: it changes with every edit,
     * so an edit can name the one it read.
     */
    Map<MemoryId, Long> versions(List<MemoryId> ids);

    /**
     * Forgets a memory: from now on no read path returns it (search, retrieval, timelines, the task feed,
     * briefings, inboxes) and every index drops it, while the store keeps its row for the audit trail. Its
     * author may forget it, and so may an admin of its collection. Wiping it from the store as well is the
     * store owner's {@code colony forget --purge}.
     *
     * @param expectedVersion the version the caller read (see {@link #versions}), or {@code null} to forget
     *     whatever the memory says now
     * @throws ColonyException {@code NOT_FOUND} naming {@code memory_id} when the caller cannot read it (or it
     *     is already forgotten), {@code FORBIDDEN} when it may read but not forget it, {@code VERSION_CONFLICT}
     *     when it changed since {@code expectedVersion}
     */
    void forget(MemoryId id, Long expectedVersion);


    /**
     * Compact entries of one session, newest first.
     *
     * @param session the session to read
     * @param aroundId centre the window on this memory of the session, or {@code null} for the latest
     * @param limit 1 to {@value MemoryLimits#MAX_TIMELINE_LIMIT}
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} when the session does not exist,
     *     {@code NOT_FOUND} when {@code aroundId} is not a memory of that session
     */
    List<TimelineEntry> timeline(SessionId session, MemoryId aroundId, int limit);

    /**
     * Compact hits for a query, best first.
     *
     * @throws dev.colony.api.ColonyException {@code UNAVAILABLE} when this Colony has no search index
     */
    List<SearchHit> search(SearchQuery query);

    /**
     * The mode a search asked for {@code requested} ranks by: {@code requested}, except that a hybrid
     * search ranks by keyword when this Colony has no embedder, and a hybrid or vector search ranks by keyword
     * while a Colony built to answer at once still loads its embedder's model in the background.
     */
    SearchMode searchMode(SearchMode requested);

    /** The most memories one clustering takes. */
    int MAX_CLUSTER_IDS = 500;
    /** The similarity that links two memories when none is given. */
    double DEFAULT_CLUSTER_THRESHOLD = 0.85;

    /**
     * Groups memories by meaning: every pair whose embeddings' cosine similarity is at least
     * {@code threshold} is linked, and each connected group of two or more is a cluster named by its
     * earliest memory (greedy single linkage).
     *
     * @param ids 1 to {@value #MAX_CLUSTER_IDS} memories the caller may read
     * @param threshold the similarity that links two memories, above 0 and at most 1
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} naming {@code ids} or
     *     {@code threshold}; {@code NOT_FOUND} naming the ids the caller cannot read or that do not
     *     exist; {@code UNAVAILABLE} without an embedder
     */
    Clustering cluster(List<MemoryId> ids, double threshold);

    /**
     * Reads a compact window of another (or the same) session and records that read as a
     * {@code recall} memory in the actor's session, whose metadata names the recalled session, its
     * client and the ids read.
     *
     * @param target the session to recall
     * @param aroundId centre on this memory, or {@code null} for the latest
     * @param limit 1 to {@value MemoryLimits#MAX_RECALL_LIMIT}
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} when the target or the actor's
     *     own session does not exist (neither is created implicitly)
     */
    RecallResult recallSession(SessionId target, MemoryId aroundId, int limit);
}
