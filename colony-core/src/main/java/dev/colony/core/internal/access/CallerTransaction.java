package dev.colony.core.internal.access;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.ArchiveRecords;
import dev.colony.spi.storage.BatonRecords;
import dev.colony.spi.storage.ChatWindowRecords;
import dev.colony.spi.storage.ClaimRecords;
import dev.colony.spi.storage.DelegationRecords;
import dev.colony.spi.storage.ExampleRecords;
import dev.colony.spi.storage.FileEditRecords;
import dev.colony.spi.storage.LandscapeRecords;
import dev.colony.spi.storage.Membership;
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
import dev.colony.spi.storage.TaskRecords.StoredTask;
import dev.colony.spi.storage.ToolMetricRecords;
import dev.colony.spi.storage.TrackedTaskRecords;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A transaction bound to one caller: the store's facets, plus what this user may read and write, looked up
 * once per transaction. Services of core receive one of these instead of a bare transaction, so that the
 * access gate is a structure they cannot step around: the only way to the rules of {@link Access} is through
 * a transaction that knows its caller.
 *
 * <p>A user reads its personal namespace and every collection it is a member of, and writes its personal
 * namespace and the collections where its {@linkplain MemberRole role} allows; it changes (edits, forgets)
 * only the memories it wrote there, unless it is an admin of the collection. A session belongs to the
 * personal namespace of its user, so a caller sees the sessions of namespaces it may read (a shared
 * collection does not show its members' sessions).
 *
 * <p>The caller's memberships and personal namespace are read on first use and kept until the transaction
 * ends (one lookup per call, however many checks it makes); a write that changes them in this transaction
 * ({@link #writable} creating the personal namespace, {@link #membershipsChanged} after a membership write)
 * refreshes them. Reads never write: a user who has never written has no namespace yet and so reads nothing
 * but its collections. Like the transaction it wraps, valid only inside its unit of work, on one thread.
 */
public final class CallerTransaction implements StorageTransaction {

    private final StorageTransaction tx;
    private final UserId user;
    private final Access access;
    private List<Membership> memberships;
    private Optional<NamespaceId> personal;
    private Set<NamespaceId> readable;

    CallerTransaction(StorageTransaction tx, UserId user, Access access) {
        this.tx = Objects.requireNonNull(tx, "tx");
        this.user = Objects.requireNonNull(user, "user");
        this.access = Objects.requireNonNull(access, "access");
    }

    /** The user this transaction reads and writes for. */
    public UserId user() {
        return user;
    }

    /** The namespaces the caller may read: its personal namespace, when it has one, and its collections. */
    public Set<NamespaceId> readable() {
        if (readable == null) {
            Set<NamespaceId> found = new HashSet<>();
            personal().ifPresent(found::add);
            memberships().forEach(membership -> found.add(membership.collection().id()));
            readable = Set.copyOf(found);
        }
        return readable;
    }

    /** Whether the caller may read {@code namespace}. */
    public boolean canRead(NamespaceId namespace) {
        return readable().contains(namespace);
    }

    /** The memory {@code id}, when it exists and the caller may read it: a hidden memory reads as absent. */
    public Optional<Memory> memory(MemoryId id) {
        return tx.memories().find(id).filter(found -> canRead(found.namespace()));
    }

    /** The task thread {@code id}, when it exists and the caller may read it: a hidden thread reads as absent. */
    public Optional<StoredTask> task(TaskId id) {
        return tx.tasks().find(id).filter(found -> canRead(found.namespace()));
    }

    /**
     * The namespaces the caller may change: its personal namespace, when it has one, and the collections where
     * its role allows writing.
     */
    public Set<NamespaceId> changeable() {
        Set<NamespaceId> changeable = new HashSet<>();
        personal().ifPresent(changeable::add);
        memberships().stream().filter(found -> found.role().canWrite(found.collection().kind()))
                .forEach(found -> changeable.add(found.collection().id()));
        return Set.copyOf(changeable);
    }

    /** The collections the caller belongs to now, whatever its role: the namespaces signals travel through. */
    public Set<NamespaceId> collections() {
        Set<NamespaceId> collections = new HashSet<>();
        memberships().forEach(membership -> collections.add(membership.collection().id()));
        return Set.copyOf(collections);
    }

    /** The caller's memberships now, with each collection and role, by slug. */
    public List<Membership> memberships() {
        if (memberships == null) {
            memberships = List.copyOf(tx.membershipRecords().memberships(user));
        }
        return memberships;
    }

    /** The caller's personal namespace, when it has written anything yet. */
    public Optional<NamespaceId> personal() {
        if (personal == null) {
            personal = access.namespaces().find(tx, user);
        }
        return personal;
    }

    /**
     * The namespace the caller's writes go to (its personal namespace), created on first use; this must be a
     * write transaction.
     */
    public NamespaceId writable() {
        NamespaceId id = access.namespaces().resolve(tx, user);
        if (personal == null || personal.isEmpty()) {
            personal = Optional.of(id);
            readable = null;
        }
        return id;
    }

    /** Forgets the memberships read so far: call it after this transaction added or removed one of the caller's. */
    public void membershipsChanged() {
        memberships = null;
        readable = null;
    }

    /**
     * The collection named {@code slug} with the caller's role in it.
     *
     * @throws ColonyException {@code NOT_FOUND} naming {@code field} when there is no such collection or the
     *     caller is not a member: the same answer, so that outsiders learn nothing
     */
    public Member membership(String field, String slug) {
        Optional<Namespace> collection = tx.namespaces().findBySlug(slug)
                .filter(found -> found.kind() != NamespaceKind.PERSONAL);
        Optional<MemberRole> role = collection.flatMap(found -> tx.membershipRecords().role(found.id(), user));
        if (role.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, field, "you belong to no collection named "
                    + Echo.quoted(slug));
        }
        return new Member(collection.get(), role.get());
    }

    /**
     * A caller's place in a collection.
     *
     * @param collection the collection
     * @param role the caller's role there
     */
    public record Member(Namespace collection, MemberRole role) {
    }

    /**
     * The collection named {@code slug}, when the caller may write into it.
     *
     * @throws ColonyException {@code NOT_FOUND} as {@link #membership} does, {@code FORBIDDEN} naming
     *     {@code field} when the caller's role does not allow writing there
     */
    public Namespace writableCollection(String field, String slug) {
        Member membership = membership(field, slug);
        if (!membership.role().canWrite(membership.collection().kind())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "a " + membership.role().wireName() + " of "
                    + (membership.collection().kind() == NamespaceKind.KNOWLEDGE_PACK ? "knowledge pack " : "")
                    + Echo.quoted(slug) + " cannot write into it");
        }
        return membership.collection();
    }

    /**
     * Fails unless the caller may write into {@code namespace}: its personal namespace, or a collection where
     * its role allows writing. {@code FORBIDDEN} naming {@code field} otherwise; callers check readability
     * first, so that an unreadable namespace stays {@code NOT_FOUND}. This must be a write transaction.
     */
    public void requireWritable(String field, NamespaceId namespace) {
        if (namespace.equals(writable())) {
            return;
        }
        Optional<Membership> membership = memberships().stream()
                .filter(found -> found.collection().id().equals(namespace)).findFirst();
        if (membership.isEmpty() || !membership.get().role().canWrite(membership.get().collection().kind())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "you may read but not change memories of "
                    + membership.map(found -> Echo.quoted(found.collection().slug())).orElse("this namespace"));
        }
    }

    /**
     * Fails unless the caller may change {@code memory} (edit or forget it): it may write into the memory's
     * namespace ({@link #requireWritable}) and wrote the memory itself or is an admin of its collection. So a
     * member of a shared collection changes only its own memories, and a memory always reads as its author
     * wrote it. {@code FORBIDDEN} naming {@code field} otherwise, before anything is written; callers check
     * readability first. This must be a write transaction.
     *
     * @param change what the caller would do, for the message ("edit", "forget")
     */
    public void requireAuthorOrAdmin(String field, Memory memory, String change) {
        requireWritable(field, memory.namespace());
        boolean author = access.owners().owner(tx, memory.session()).map(user::equals).orElse(false);
        if (!author && !isAdmin(memory.namespace())) {
            throw ColonyException.about(ErrorCode.FORBIDDEN, field, "memory " + memory.id() + " was written by "
                    + "someone else; only its author or an admin of its collection may " + change + " it");
        }
    }

    /** Whether the caller is an admin of collection {@code namespace} (never of a personal namespace). */
    public boolean isAdmin(NamespaceId namespace) {
        return memberships().stream().anyMatch(found -> found.collection().id().equals(namespace)
                && found.role() == MemberRole.ADMIN);
    }

    /** Whether the caller may see {@code session}: the session's namespace is readable to it. */
    public boolean canSee(Session session) {
        return canSeeSessionOf(session.user());
    }

    private boolean canSeeSessionOf(UserId owner) {
        if (owner.equals(user)) {
            return true;
        }
        Optional<NamespaceId> home = access.namespaces().find(tx, owner);
        return home.isPresent() && canRead(home.get());
    }

    /**
     * Fails unless {@code session} exists and the caller may see it: {@code SESSION_NOT_FOUND} naming
     * {@code field} otherwise, the same answer for a missing and an invisible session.
     */
    public void requireVisibleSession(String field, SessionId session) {
        UserId owner = access.owners().owner(tx, session).orElseThrow(() -> Access.sessionNotFound(field, session));
        if (!canSeeSessionOf(owner)) {
            throw Access.sessionNotFound(field, session);
        }
    }

    /**
     * Fails unless {@code session} is one of the caller's own: {@code SESSION_NOT_FOUND} when it does not exist
     * or is invisible, {@code FORBIDDEN} when it is visible but belongs to another user.
     */
    public void requireOwnSession(String field, SessionId session) {
        UserId owner = access.owners().owner(tx, session).orElseThrow(() -> Access.sessionNotFound(field, session));
        if (owner.equals(user)) {
            return;
        }
        if (!canSeeSessionOf(owner)) {
            throw Access.sessionNotFound(field, session);
        }
        throw ColonyException.about(ErrorCode.FORBIDDEN, field, "session " + session + " belongs to another user");
    }

    /** Learns, once this transaction commits, who owns a session that it wrote or read. */
    public void learn(Session session) {
        access.owners().remember(tx, session);
    }

    @Override
    public NamespaceRecords namespaces() {
        return tx.namespaces();
    }

    /**
     * The store's memberships of collections. The caller's own are {@link #memberships()}, read once per
     * transaction; this facet reads and writes anyone's.
     */
    @Override
    public MembershipRecords membershipRecords() {
        return tx.membershipRecords();
    }

    @Override
    public SessionRecords sessions() {
        return tx.sessions();
    }

    @Override
    public MemoryRecords memories() {
        return tx.memories();
    }

    @Override
    public MemoryFeed memoryFeed() {
        return tx.memoryFeed();
    }

    @Override
    public MemoryVectors memoryVectors() {
        return tx.memoryVectors();
    }

    @Override
    public MemoryForgetting memoryForgetting() {
        return tx.memoryForgetting();
    }

    @Override
    public TaskRecords tasks() {
        return tx.tasks();
    }

    @Override
    public LandscapeRecords landscape() {
        return tx.landscape();
    }

    @Override
    public TrackedTaskRecords trackedTasks() {
        return tx.trackedTasks();
    }

    @Override
    public TaskLinkRecords taskLinks() {
        return tx.taskLinks();
    }

    @Override
    public TaskPostRecords taskPosts() {
        return tx.taskPosts();
    }

    @Override
    public MessageRecords messages() {
        return tx.messages();
    }

    @Override
    public ClaimRecords claims() {
        return tx.claims();
    }

    @Override
    public BatonRecords batons() {
        return tx.batons();
    }

    @Override
    public FileEditRecords fileEdits() {
        return tx.fileEdits();
    }

    @Override
    public SignalRecords signals() {
        return tx.signals();
    }

    @Override
    public PlanRecords plans() {
        return tx.plans();
    }

    @Override
    public ProfileRecords profiles() {
        return tx.profiles();
    }

    @Override
    public ProposalRecords proposals() {
        return tx.proposals();
    }

    @Override
    public RunRecords runs() {
        return tx.runs();
    }

    @Override
    public DelegationRecords delegation() {
        return tx.delegation();
    }

    @Override
    public ChatWindowRecords chatWindows() {
        return tx.chatWindows();
    }

    @Override
    public SegmentRecords segments() {
        return tx.segments();
    }

    @Override
    public ExampleRecords examples() {
        return tx.examples();
    }

    @Override
    public ArchiveRecords archive() {
        return tx.archive();
    }

    @Override
    public ToolMetricRecords toolMetrics() {
        return tx.toolMetrics();
    }

    @Override
    public void afterCommit(Runnable action) {
        tx.afterCommit(action);
    }
}
