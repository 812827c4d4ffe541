package dev.colony.core.internal.signal;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalLimits;
import dev.colony.api.signal.SignalSubscription;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.storage.SignalRecords.Inbox;
import dev.colony.spi.storage.SignalRecords.StoredSignal;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One Colony's signal traffic: pushes new signals to subscribed listeners and sweeps expired ones.
 *
 * <p>Deliveries run on one daemon thread, started with the first subscription. It looks for new signals
 * when woken: at once after a signal sent through this Colony commits; when the store pushes news from
 * another process (PostgreSQL's notifications); and otherwise every {@link #POLL_INTERVAL}, by asking the
 * store for its highest signal id, an index lookup, and reading inboxes only when it moved. Each
 * subscriber's inbox is read as the caller, with its memberships as they are now, so a removed member
 * receives nothing more; a subscriber receives signals above the highest id it has seen, in id order.
 *
 * <p>Sweeps run on the same thread's schedule and on a thread of their own at open: a read of the earliest
 * expiry first, so that a process that finds nothing due writes nothing.
 */
public final class SignalHub implements AutoCloseable {

    /** How often the store is asked for new signals when it cannot push them. */
    public static final Duration POLL_INTERVAL = Duration.ofMillis(20);
    /** How often it is asked anyway when it can push, in case a notification was lost. */
    public static final Duration PUSHED_POLL_INTERVAL = Duration.ofSeconds(1);
    /** The most signals one subscriber receives per read; more are read in further rounds. */
    private static final int BATCH = SignalLimits.MAX_CHECK_LIMIT;
    private static final System.Logger LOG = System.getLogger(SignalHub.class.getName());

    private final StorageProvider storage;
    private final TimeSource time;
    private final Access access;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
    private final AtomicBoolean woken = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean closed;
    private volatile Thread worker;
    private volatile Thread sweeper;
    private volatile StorageProvider.Listening listening;
    private volatile Instant nextSweep;

    /**
     * A hub over {@code storage}, reading the time from {@code time} and memberships through {@code access};
     * nothing runs until it is used.
     */
    public SignalHub(StorageProvider storage, TimeSource time, Access access) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.time = Objects.requireNonNull(time, "time");
        this.access = Objects.requireNonNull(access, "access");
    }

    /**
     * Deletes the expired signals once, off the caller's thread, and again every
     * {@link SignalLimits#SWEEP_INTERVAL} while subscriptions keep the delivery thread running.
     */
    public void sweepInBackground() {
        Thread thread = new Thread(this::sweepQuietly, "colony-signal-sweep");
        thread.setDaemon(true);
        sweeper = thread;
        thread.start();
    }

    /**
     * Deletes the signals expired by now, writing only when the earliest expiry says something is due.
     *
     * @return how many were deleted
     */
    public int sweep() {
        Instant now = time.now();
        nextSweep = now.plus(SignalLimits.SWEEP_INTERVAL);
        Optional<Instant> earliest = storage.read(tx -> tx.signals().earliestExpiry());
        if (earliest.isEmpty() || earliest.get().isAfter(now)) {
            return 0;
        }
        return storage.write(tx -> tx.signals().sweep(now));
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            if (!closed) {
                LOG.log(System.Logger.Level.WARNING, "sweeping expired signals failed: {0}", e.getMessage());
            }
        }
    }

    /** Says that a signal was committed through this Colony: subscribers hear of it at once. */
    public void sent() {
        wake();
    }

    /**
     * Delivers new signals addressed to {@code actor} to {@code listener} until the subscription closes.
     */
    public SignalSubscription subscribe(Actor actor, Consumer<Signal> listener) {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(listener, "listener");
        long latest = storage.read(tx -> tx.signals().latestId());
        Subscriber subscriber = new Subscriber(actor, listener, latest);
        subscribers.add(subscriber);
        start();
        wake();
        return () -> subscribers.remove(subscriber);
    }

    private void start() {
        if (!started.compareAndSet(false, true)) {
            return;
        }
        listening = storage.listen(StorageTopic.SIGNALS, this::wake).orElse(null);
        Thread thread = new Thread(this::run, "colony-signal-delivery");
        thread.setDaemon(true);
        worker = thread;
        thread.start();
    }

    private void wake() {
        woken.set(true);
        Thread thread = worker;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        long interval = (listening == null ? POLL_INTERVAL : PUSHED_POLL_INTERVAL).toNanos();
        long seen = -1;
        while (!closed) {
            woken.set(false);
            try {
                long latest = storage.read(tx -> tx.signals().latestId());
                if (latest != seen) {
                    seen = latest;
                    deliver();
                }
                if (nextSweep == null || !time.now().isBefore(nextSweep)) {
                    sweep();
                }
            } catch (RuntimeException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.WARNING, "delivering signals failed, will retry: {0}", e.getMessage());
                }
            }
            if (!woken.get() && !closed) {
                // With nobody subscribed there is nothing to look for until the next sweep or subscription.
                LockSupport.parkNanos(this, subscribers.isEmpty() ? SignalLimits.SWEEP_INTERVAL.toNanos() : interval);
            }
        }
    }

    /** Hands each subscriber the signals above the highest id it has seen. */
    private void deliver() {
        Instant now = time.now();
        for (Subscriber subscriber : subscribers) {
            List<StoredSignal> batch;
            do {
                long after = subscriber.seen;
                batch = access.store(storage, subscriber.actor.user()).read(tx -> {
                    Set<NamespaceId> collections = tx.collections();
                    return tx.signals().pending(new Inbox(collections, subscriber.actor.user(),
                            subscriber.actor.agent(), now, after, true, BATCH));
                });
                for (StoredSignal signal : batch) {
                    subscriber.seen = signal.id().value();
                    subscriber.deliver(Signals.of(signal));
                }
            } while (batch.size() == BATCH && subscribers.contains(subscriber));
        }
    }

    /** Stops deliveries and the store's push; idempotent. */
    @Override
    public void close() {
        closed = true;
        StorageProvider.Listening pushed = listening;
        if (pushed != null) {
            pushed.close();
        }
        Thread thread = worker;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
        join(thread);
        join(sweeper);
    }

    /** Waits a little for {@code thread} to end, so that it does not use the store after the store closes. */
    private static void join(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One listener and how far it has read. Only the delivery thread reads and writes {@code seen}. */
    private static final class Subscriber {

        private final Actor actor;
        private final Consumer<Signal> listener;
        private long seen;

        Subscriber(Actor actor, Consumer<Signal> listener, long seen) {
            this.actor = actor;
            this.listener = listener;
            this.seen = seen;
        }

        void deliver(Signal signal) {
            try {
                listener.accept(signal);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a signal listener failed on signal " + signal.id(), e);
            }
        }
    }
}
