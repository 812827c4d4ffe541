package dev.colony.core.internal.signal;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.api.signal.Acknowledgement;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalBus;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.signal.SignalId;
import dev.colony.api.signal.SignalInbox;
import dev.colony.api.signal.SignalLimits;
import dev.colony.api.signal.SignalStatus;
import dev.colony.api.signal.SignalSubscription;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.collection.CollectionService;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.spi.storage.SignalRecords.Inbox;
import dev.colony.spi.storage.SignalRecords.NewSignal;
import dev.colony.spi.storage.SignalRecords.StoredSignal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@link SignalBus} for one caller: each call one transaction, membership asked of the access gate and
 * read from the store every time, every acknowledgement a compare-and-set on status and version.
 */
public final class SignalService implements SignalBus {

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final SignalHub hub;

    /** The signals of {@code actor}, delivered and swept by {@code hub}. */
    public SignalService(Actor actor, Kernel kernel, SignalHub hub) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.hub = Objects.requireNonNull(hub, "hub");
    }

    @Override
    public Signal send(SignalDraft draft) {
        Check.required("signal", draft);
        String slug = CollectionService.slug("collection", draft.collection());
        String recipient = Check.text("recipient", draft.recipient(), 128);
        List<MemoryId> memories = memories(draft.memories());
        int hours = draft.expiryHours() == null ? SignalLimits.DEFAULT_EXPIRY_HOURS
                : Check.range("expires_hours", draft.expiryHours(), SignalLimits.MIN_EXPIRY_HOURS,
                        SignalLimits.MAX_EXPIRY_HOURS);
        Instant now = kernel.time().now();
        StoredSignal sent = store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            NamespaceId collection = tx.membership("collection", slug).collection().id();
            Addressee to = addressee(tx, collection, slug, recipient);
            requireMemoriesOf(tx, collection, slug, memories);
            StoredSignal stored = tx.signals().insert(new NewSignal(collection, actor.user(), actor.agent(),
                    actor.session(), to.user(), to.agent(), memories, now, now.plus(Duration.ofHours(hours))));
            tx.sessions().touch(actor.session(), now);
            tx.afterCommit(hub::sent);
            return stored;
        });
        return Signals.of(sent);
    }

    private static List<MemoryId> memories(List<MemoryId> given) {
        if (given == null || given.isEmpty()) {
            throw ColonyException.invalid("memory_ids", "must name at least one memory");
        }
        Set<MemoryId> distinct = new LinkedHashSet<>();
        for (MemoryId id : given) {
            distinct.add(Check.required("memory_ids", id));
        }
        if (distinct.size() > SignalLimits.MAX_MEMORIES) {
            throw ColonyException.invalid("memory_ids", "may name at most " + SignalLimits.MAX_MEMORIES
                    + " memories, was " + distinct.size());
        }
        return List.copyOf(distinct);
    }

    /** Who a recipient name means: a member by user name, or the one member that runs an agent of that name. */
    private static Addressee addressee(CallerTransaction tx, NamespaceId collection, String slug, String name) {
        Optional<UserId> asUser = userNamed(name)
                .filter(user -> tx.membershipRecords().role(collection, user).isPresent());
        if (asUser.isPresent()) {
            return new Addressee(asUser.get(), null);
        }
        List<UserId> running = tx.membershipRecords().membersRunning(collection, name);
        if (running.isEmpty()) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, "recipient", "no member of " + Echo.quoted(slug)
                    + " is named " + Echo.quoted(name) + " or runs an agent of that name");
        }
        if (running.size() > 1) {
            throw ColonyException.invalid("recipient", "agent " + Echo.quoted(name) + " runs for several members "
                    + "of " + Echo.quoted(slug) + " (" + running.stream().map(UserId::value)
                            .collect(Collectors.joining(", ")) + "): name the user instead");
        }
        return new Addressee(running.get(0), name);
    }

    private static Optional<UserId> userNamed(String name) {
        try {
            return Optional.of(UserId.of(name));
        } catch (ColonyException notAUserName) {
            return Optional.empty();
        }
    }

    private static void requireMemoriesOf(CallerTransaction tx, NamespaceId collection, String slug,
            List<MemoryId> ids) {
        Map<MemoryId, Memory> found = tx.memories().findAll(ids).stream()
                .collect(Collectors.toMap(Memory::id, Function.identity()));
        List<String> outside = new ArrayList<>();
        for (MemoryId id : ids) {
            Memory memory = found.get(id);
            if (memory == null || !memory.namespace().equals(collection) || memory.retracted()) {
                outside.add(id.toString());
            }
        }
        if (!outside.isEmpty()) {
            throw ColonyException.invalid("memory_ids", "must be memories of collection " + Echo.quoted(slug)
                    + "; these are not: " + Echo.capped(String.join(", ", outside)));
        }
    }

    @Override
    public SignalInbox check(int limit) {
        Check.range("limit", limit, 1, SignalLimits.MAX_CHECK_LIMIT);
        Instant now = kernel.time().now();
        return store.read(tx -> check(tx, limit, now));
    }

    /** {@link #check(int)} as read in {@code tx} at {@code now}, for read models that compose it with other reads. */
    public SignalInbox check(CallerTransaction tx, int limit, Instant now) {
        Inbox inbox = new Inbox(tx.collections(), actor.user(), actor.agent(), now, 0, false, limit);
        List<Signal> signals = tx.signals().pending(inbox).stream().map(Signals::of).toList();
        int pending = signals.size() < limit ? signals.size() : tx.signals().countPending(inbox);
        return new SignalInbox(signals, pending);
    }

    @Override
    public Acknowledgement ack(Collection<SignalId> ids) {
        if (ids == null || ids.isEmpty()) {
            throw ColonyException.invalid("signal_ids", "must name at least one signal");
        }
        Set<SignalId> distinct = new LinkedHashSet<>();
        for (SignalId id : ids) {
            distinct.add(Check.required("signal_ids", id));
        }
        Check.range("signal_ids", distinct.size(), 1, SignalLimits.MAX_ACK_IDS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            tx.requireOwnSession("session_id", actor.session());
            Set<NamespaceId> collections = tx.collections();
            List<SignalId> acked = new ArrayList<>();
            List<SignalId> already = new ArrayList<>();
            List<SignalId> unknown = new ArrayList<>();
            for (SignalId id : distinct) {
                Optional<StoredSignal> found = tx.signals().find(id).filter(signal -> isMine(signal, collections, now));
                if (found.isEmpty()) {
                    unknown.add(id);
                } else if (found.get().status() == SignalStatus.ACKED) {
                    already.add(id);
                } else if (tx.signals().acknowledge(id, found.get().version(), actor.session(), now).isPresent()) {
                    acked.add(id);
                } else {
                    already.add(id);
                }
            }
            if (!acked.isEmpty()) {
                tx.sessions().touch(actor.session(), now);
            }
            return new Acknowledgement(acked, already, unknown);
        });
    }

    @Override
    public SignalSubscription subscribe(Consumer<Signal> listener) {
        Check.required("listener", listener);
        return hub.subscribe(actor, listener);
    }

    /** Whether the caller is the signal's recipient, still belongs to its collection, and it has not expired. */
    private boolean isMine(StoredSignal signal, Set<NamespaceId> collections, Instant now) {
        return signal.toUser().equals(actor.user())
                && (signal.toAgent() == null || signal.toAgent().equals(actor.agent()))
                && collections.contains(signal.namespace())
                && signal.expiresAt().isAfter(now);
    }

    /** The user a signal is for, and the one agent of that user, or {@code null} for any. */
    private record Addressee(UserId user, String agent) {
    }
}
