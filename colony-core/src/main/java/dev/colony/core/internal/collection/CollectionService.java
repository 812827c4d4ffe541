package dev.colony.core.internal.collection;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.collection.CollectionSummary;
import dev.colony.api.collection.Collections;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.TrackedTasks;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/** {@link Collections} for one caller: each call one transaction, every check asked of the access gate. */
public final class CollectionService implements Collections {

    private static final Pattern SLUG = Pattern.compile(SLUG_PATTERN);
    /** Names that mean the caller's personal namespace wherever a collection is named. */
    private static final Set<String> RESERVED = Set.of("me", "personal");

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;

    /** The collections of {@code actor}. */
    public CollectionService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
    }

    @Override
    public Namespace create(String slug, NamespaceKind kind) {
        String name = slug("collection", slug);
        Check.required("kind", kind);
        if (kind == NamespaceKind.PERSONAL) {
            throw ColonyException.invalid("kind", "must be collaborative or knowledge_pack, was personal");
        }
        Instant now = kernel.time().now();
        return store.write(tx -> {
            Namespace created = tx.namespaces().createCollection(name, kind, actor.user(), now)
                    .orElseThrow(() -> ColonyException.about(ErrorCode.CONFLICT, "collection", "a collection named "
                            + Echo.quoted(name) + " exists already"));
            tx.membershipsChanged();
            return created;
        });
    }

    @Override
    public void addMember(String slug, UserId user, MemberRole role) {
        String name = slug("collection", slug);
        Check.required("user", user);
        Check.required("role", role);
        Instant now = kernel.time().now();
        store.write(tx -> {
            Namespace collection = administered(tx, name);
            if (role != MemberRole.ADMIN && isLastAdmin(tx, collection.id(), user)) {
                throw lastAdmin(name);
            }
            tx.membershipRecords().putMember(collection.id(), user, role, now);
            tx.membershipsChanged();
            return null;
        });
    }

    @Override
    public boolean removeMember(String slug, UserId user) {
        String name = slug("collection", slug);
        Check.required("user", user);
        return store.write(tx -> {
            CallerTransaction.Member mine = tx.membership("collection", name);
            if (!user.equals(actor.user()) && mine.role() != MemberRole.ADMIN) {
                throw notAdmin(name);
            }
            if (isLastAdmin(tx, mine.collection().id(), user)) {
                throw lastAdmin(name);
            }
            boolean removed = tx.membershipRecords().removeMember(mine.collection().id(), user);
            tx.membershipsChanged();
            return removed;
        });
    }

    @Override
    public List<CollectionSummary> list() {
        return store.read(tx -> tx.membershipRecords().memberships(actor.user()).stream()
                .map(membership -> new CollectionSummary(membership.collection().slug(),
                        membership.collection().kind(), membership.role(), membership.members(),
                        tx.memories().countIn(membership.collection().id()), membership.collection().createdAt()))
                .toList());
    }

    @Override
    public Memory publish(MemoryId memory, String slug) {
        Check.required("memory_id", memory);
        String name = slug("collection", slug);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            MemoryDocument source = tx.memoryVectors().documents(List.of(memory)).stream()
                    .filter(found -> tx.canRead(found.memory().namespace()))
                    .findFirst().orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "memory_id",
                            "no memory with id " + memory));
            Memory original = source.memory();
            if (!original.namespace().equals(tx.writable()) || original.retracted()) {
                throw ColonyException.invalid("memory_id", "must be a memory of your personal namespace, was "
                        + memory + (original.retracted() ? " (retracted)" : ""));
            }
            Namespace collection = tx.writableCollection("collection", name);
            TaskId opened = TrackedTasks.opensTask(original.kind(), null) ? TrackedTasks.open(tx, collection.id(),
                    original.kind(), original.content(), actor.session(), now) : null;
            Memory copy = tx.memories().insert(new NewMemory(collection.id(), actor.session(), original.kind(),
                    original.content(), original.topics(), original.macroTopics(), original.ref(),
                    original.artifact(), opened, null, now, original.expiresAt(), original.metadata(),
                    source.vector(), source.passages()));
            if (opened != null) {
                tx.trackedTasks().attachChecklist(opened, copy.id());
            }
            tx.sessions().touch(actor.session(), now);
            return copy;
        });
    }

    /** The collection {@code name} when the caller is its admin. */
    private Namespace administered(CallerTransaction tx, String name) {
        CallerTransaction.Member mine = tx.membership("collection", name);
        if (mine.role() != MemberRole.ADMIN) {
            throw notAdmin(name);
        }
        return mine.collection();
    }

    private static boolean isLastAdmin(CallerTransaction tx, NamespaceId collection, UserId user) {
        return tx.membershipRecords().role(collection, user).filter(MemberRole.ADMIN::equals).isPresent()
                && tx.membershipRecords().countMembers(collection, MemberRole.ADMIN) == 1;
    }

    private static ColonyException notAdmin(String name) {
        return ColonyException.about(ErrorCode.FORBIDDEN, "collection", "only an admin of " + Echo.quoted(name)
                + " manages its members");
    }

    private static ColonyException lastAdmin(String name) {
        return ColonyException.about(ErrorCode.CONFLICT, "user", Echo.quoted(name) + " would be left without an "
                + "admin: make another member admin first");
    }

    /**
     * A well-formed collection slug in {@code field}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} when missing, malformed or reserved
     */
    public static String slug(String field, String value) {
        String slug = Check.text(field, value, MAX_SLUG_LENGTH);
        if (!SLUG.matcher(slug).matches()) {
            throw ColonyException.invalid(field, "must be 2 to " + MAX_SLUG_LENGTH + " lowercase letters and "
                    + "digits, with single hyphens inside, was " + Echo.quoted(slug));
        }
        if (RESERVED.contains(slug)) {
            throw ColonyException.invalid(field, Echo.quoted(slug) + " is reserved for your personal namespace");
        }
        return slug;
    }
}
