package dev.colony.store.tck;

/**
 * Every single-process contract: what each store variant must pass. Add {@link MultiProcessContract}
 * for variants that declare {@link dev.colony.spi.storage.StorageCapability#MULTI_PROCESS}.
 */
public interface StorageTck extends ProviderContract, NamespaceContract, SessionContract, MemoryContract,
        TimelineContract, TaskContract, TaskThreadContract, TaskLinkPostContract, TransactionContract,
        ConcurrencyContract, ChangeFeedContract, AfterCommitContract, ToolMetricContract, OrderedVisibilityContract,
        MessageContract, ClaimBatonContract, ActivityContract, VectorContract, CollectionContract,
        SignalContract, TaskFeedContract, ForgetContract, ArchiveContract,
        PlanContract, ProposalContract, RunContract, DelegationContract, ChatWindowContract, SegmentContract,
        ExampleContract,
        DatabaseFileContract {
}
