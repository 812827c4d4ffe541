package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.ArchiveRecords;
import dev.colony.spi.storage.BatonRecords;
import dev.colony.spi.storage.ChatWindowRecords;
import dev.colony.spi.storage.ClaimRecords;
import dev.colony.spi.storage.DelegationRecords;
import dev.colony.spi.storage.ExampleRecords;
import dev.colony.spi.storage.FileEditRecords;
import dev.colony.spi.storage.LandscapeRecords;
import dev.colony.spi.storage.MembershipRecords;
import dev.colony.spi.storage.MemoryFeed;
import dev.colony.spi.storage.MemoryForgetting;
import dev.colony.spi.storage.MemoryRecords;
import dev.colony.spi.storage.MemoryVectors;
import dev.colony.spi.storage.MessageRecords;
import dev.colony.spi.storage.NamespaceRecords;
import dev.colony.spi.storage.PlanRecords;
import dev.colony.spi.storage.ProfileRecords;
import dev.colony.spi.storage.ProposalRecords;
import dev.colony.spi.storage.RunRecords;
import dev.colony.spi.storage.SegmentRecords;
import dev.colony.spi.storage.SessionRecords;
import dev.colony.spi.storage.SignalRecords;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TaskLinkRecords;
import dev.colony.spi.storage.TaskPostRecords;
import dev.colony.spi.storage.TaskRecords;
import dev.colony.spi.storage.ToolMetricRecords;
import dev.colony.spi.storage.TrackedTaskRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jdbi.v3.core.Handle;

/** The facets of one transaction, bound to the handle that runs it. */
final class JdbcTransaction implements StorageTransaction {

    private final StoreConnection connection;
    private final Dialect dialect;
    private final boolean write;
    private boolean open = true;
    private boolean commitSent;
    private boolean databaseFileChanged;
    private NamespaceRecords namespaces;
    private MembershipRecords membershipRecords;
    private SessionRecords sessions;
    private MemoryRecords memories;
    private MemoryFeed memoryFeed;
    private MemoryVectors memoryVectors;
    private MemoryForgetting memoryForgetting;
    private JdbcTaskRecords tasks;
    private TrackedTaskRecords trackedTasks;
    private LandscapeRecords landscape;
    private TaskLinkRecords taskLinks;
    private TaskPostRecords taskPosts;
    private ToolMetricRecords toolMetrics;
    private MessageRecords messages;
    private ClaimRecords claims;
    private BatonRecords batons;
    private FileEditRecords fileEdits;
    private SignalRecords signals;
    private List<Runnable> afterCommit;
    private boolean movedMemories;

    JdbcTransaction(StoreConnection connection, Dialect dialect, boolean write) {
        this.connection = connection;
        this.dialect = dialect;
        this.write = write;
    }

    /** The handle, after checking that the unit of work is still running. */
    Handle handle() {
        if (!open) {
            throw new ColonyException(ErrorCode.INTERNAL, "a storage facet was used after its transaction ended");
        }
        return connection.handle();
    }

    /** The connection, after checking that the unit of work is still running. */
    StoreConnection connection() {
        handle();
        return connection;
    }

    /** The connection, after checking that this is a write transaction. */
    StoreConnection writeConnection(String operation) {
        writeHandle(operation);
        return connection;
    }

    /** The handle, after also checking that this is a write transaction. */
    Handle writeHandle(String operation) {
        Handle h = handle();
        if (!write) {
            throw new ColonyException(ErrorCode.INTERNAL, operation + " needs a write transaction, but ran in a read transaction");
        }
        return h;
    }

    Dialect dialect() {
        return dialect;
    }

    /** Whether this is a write transaction. */
    boolean writes() {
        return write;
    }

    void end() {
        open = false;
    }

    /** Records that the commit is about to be sent: from here on a lost connection leaves the outcome unknown. */
    void commitSending() {
        commitSent = true;
    }

    /** Whether the commit of this transaction was sent (it may or may not have been applied). */
    boolean commitSent() {
        return commitSent;
    }

    /** Records that the commit was refused: the database file was deleted or replaced underneath. */
    void databaseFileChanged() {
        databaseFileChanged = true;
    }

    /** Whether the commit was refused because the database file was deleted or replaced underneath. */
    boolean databaseFileChangedSeen() {
        return databaseFileChanged;
    }

    /** Records that this transaction moved a memory's rev, so that its commit tells the provider's memory listener. */
    void movedMemories() {
        movedMemories = true;
    }

    /** Whether this transaction moved a memory's rev. */
    boolean memoriesMoved() {
        return movedMemories;
    }

    @Override
    public void afterCommit(Runnable action) {
        Objects.requireNonNull(action, "action");
        handle();
        if (afterCommit == null) {
            afterCommit = new ArrayList<>(2);
        }
        afterCommit.add(action);
    }

    /**
     * Runs the after-commit actions in registration order; called once the commit succeeded. Every
     * action runs even when an earlier one throws; the first failure is rethrown afterwards.
     */
    void committed() {
        if (afterCommit == null) {
            return;
        }
        RuntimeException failure = null;
        for (Runnable action : afterCommit) {
            try {
                action.run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        afterCommit = null;
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public NamespaceRecords namespaces() {
        if (namespaces == null) {
            namespaces = new JdbcNamespaceRecords(this);
        }
        return namespaces;
    }

    @Override
    public MembershipRecords membershipRecords() {
        if (membershipRecords == null) {
            membershipRecords = new JdbcMembershipRecords(this);
        }
        return membershipRecords;
    }

    @Override
    public SessionRecords sessions() {
        if (sessions == null) {
            sessions = new JdbcSessionRecords(this);
        }
        return sessions;
    }

    @Override
    public MemoryRecords memories() {
        if (memories == null) {
            memories = new JdbcMemoryRecords(this);
        }
        return memories;
    }

    @Override
    public MemoryFeed memoryFeed() {
        if (memoryFeed == null) {
            memoryFeed = new JdbcMemoryFeed(this);
        }
        return memoryFeed;
    }

    @Override
    public MemoryVectors memoryVectors() {
        if (memoryVectors == null) {
            memoryVectors = new JdbcMemoryVectors(this);
        }
        return memoryVectors;
    }

    @Override
    public MemoryForgetting memoryForgetting() {
        if (memoryForgetting == null) {
            memoryForgetting = new JdbcMemoryForgetting(this);
        }
        return memoryForgetting;
    }

    @Override
    public TaskRecords tasks() {
        if (tasks == null) {
            tasks = new JdbcTaskRecords(this);
        }
        return tasks;
    }

    @Override
    public LandscapeRecords landscape() {
        if (landscape == null) {
            landscape = new JdbcLandscapeRecords(this);
        }
        return landscape;
    }

    @Override
    public TrackedTaskRecords trackedTasks() {
        if (trackedTasks == null) {
            tasks();
            trackedTasks = new JdbcTrackedTaskRecords(this, tasks);
        }
        return trackedTasks;
    }

    @Override
    public TaskLinkRecords taskLinks() {
        if (taskLinks == null) {
            taskLinks = new JdbcTaskLinkRecords(this);
        }
        return taskLinks;
    }

    @Override
    public TaskPostRecords taskPosts() {
        if (taskPosts == null) {
            taskPosts = new JdbcTaskPostRecords(this);
        }
        return taskPosts;
    }

    @Override
    public MessageRecords messages() {
        if (messages == null) {
            messages = new JdbcMessageRecords(this);
        }
        return messages;
    }

    @Override
    public ClaimRecords claims() {
        if (claims == null) {
            claims = new JdbcClaimRecords(this);
        }
        return claims;
    }

    @Override
    public BatonRecords batons() {
        if (batons == null) {
            batons = new JdbcBatonRecords(this);
        }
        return batons;
    }

    @Override
    public FileEditRecords fileEdits() {
        if (fileEdits == null) {
            fileEdits = new JdbcFileEditRecords(this);
        }
        return fileEdits;
    }

    @Override
    public SignalRecords signals() {
        if (signals == null) {
            signals = new JdbcSignalRecords(this);
        }
        return signals;
    }

    @Override
    public PlanRecords plans() {
        return new JdbcPlanRecords(this);
    }

    @Override
    public ProfileRecords profiles() {
        return new JdbcProfileRecords(this);
    }

    @Override
    public ProposalRecords proposals() {
        return new JdbcProposalRecords(this);
    }

    @Override
    public RunRecords runs() {
        return new JdbcRunRecords(this);
    }

    @Override
    public DelegationRecords delegation() {
        return new JdbcDelegationRecords(this);
    }

    @Override
    public ChatWindowRecords chatWindows() {
        return new JdbcChatWindowRecords(this);
    }

    @Override
    public SegmentRecords segments() {
        return new JdbcSegmentRecords(this);
    }

    @Override
    public ExampleRecords examples() {
        return new JdbcExampleRecords(this);
    }

    @Override
    public ArchiveRecords archive() {
        return new JdbcArchiveRecords(this);
    }

    @Override
    public ToolMetricRecords toolMetrics() {
        if (toolMetrics == null) {
            toolMetrics = new JdbcToolMetricRecords(this);
        }
        return toolMetrics;
    }
}
