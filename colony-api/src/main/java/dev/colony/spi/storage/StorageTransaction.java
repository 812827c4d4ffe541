package dev.colony.spi.storage;

/**
 * The facets available inside one transaction. They are valid only until the unit of work returns.
 */
public interface StorageTransaction {

    /** Namespaces. */
    NamespaceRecords namespaces();

    /**
     * Memberships of collections. Not {@code memberships()}: a transaction bound to one caller answers that with
     * the caller's own.
     */
    MembershipRecords membershipRecords();

    /** Sessions. */
    SessionRecords sessions();

    /** Memories. */
    MemoryRecords memories();

    /** The change feed of memories, which derived indexes tail. */
    MemoryFeed memoryFeed();

    /** The embeddings stored with memories. */
    MemoryVectors memoryVectors();

    /** Forgetting and purging memories. */
    MemoryForgetting memoryForgetting();

    /** Tasks. */
    TaskRecords tasks();

    /** The kinds and topics of memories at a glance, for session starts. */
    LandscapeRecords landscape();

    /** Tasks tracked by a checklist memory, and the task feed. */
    TrackedTaskRecords trackedTasks();

    /** Links between tasks. */
    TaskLinkRecords taskLinks();

    /** Posts of task threads and working notes. */
    TaskPostRecords taskPosts();

    /** Delivery records of directed messages. */
    MessageRecords messages();

    /** File claims. */
    ClaimRecords claims();

    /** Handoffs and relays. */
    BatonRecords batons();

    /** Recorded file edits. */
    FileEditRecords fileEdits();

    /** Signals. */
    SignalRecords signals();

    /** Plans and their sub-tasks. */
    PlanRecords plans();

    /** Agent profiles: capability weights per agent type. */
    ProfileRecords profiles();

    /** Proposals and their reinforcements. */
    ProposalRecords proposals();

    /** Runs: delegated units of work. */
    RunRecords runs();

    /** The store's delegation policy. */
    DelegationRecords delegation();

    /** Chat windows of agent frameworks' conversation memories. */
    ChatWindowRecords chatWindows();

    /** Embedded segments of agent frameworks' embedding stores. */
    SegmentRecords segments();

    /** Example projects foraged from repositories. */
    ExampleRecords examples();

    /** Whole rows of what one user may read, for export and import. */
    ArchiveRecords archive();

    /** Tool-call accounting rows. */
    ToolMetricRecords toolMetrics();

    /**
     * Runs {@code action} once this transaction has committed, on the thread that ran the unit of
     * work; never when it rolls back, and not for an attempt the store rolled back to retry. This is
     * how process-wide caches learn facts from the store: only from committed work, so a value read
     * or written by a unit that is later rolled back never outlives its transaction.
     */
    void afterCommit(Runnable action);
}
