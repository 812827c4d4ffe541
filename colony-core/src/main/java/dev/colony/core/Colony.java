package dev.colony.core;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.admin.ColonyAdmin;
import dev.colony.api.claim.ClaimPolicy;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.metric.ToolMetrics;
import dev.colony.api.run.RunSettings;
import dev.colony.api.session.SessionRegistry;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.kernel.ReopeningIndex;
import dev.colony.core.internal.kernel.VectorState;
import dev.colony.core.internal.metric.ToolMetricWriter;
import dev.colony.core.internal.run.Delegation;
import dev.colony.core.internal.run.RunHub;
import dev.colony.core.internal.run.RunService;
import dev.colony.core.internal.session.SessionLauncher;
import dev.colony.core.internal.signal.SignalHub;
import dev.colony.core.internal.spec.SpecService;
import dev.colony.core.internal.time.TimeSource;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchIndexFactory;
import dev.colony.spi.storage.StorageProvider;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * One Colony: a store shared by agents, with the services that read and write it.
 *
 * <p>Build it with {@link #builder()}, share one instance per store across threads, and close it when
 * done: closing releases the search index and the storage connections. Several processes may each
 * build a Colony over the same database file when the storage provider supports it.
 *
 * <pre>{@code
 * try (Colony colony = Colony.builder().storage(provider).search(LuceneSearch.besideStore()).build()) {
 *     Actor me = colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor();
 *     colony.as(me).memories().add(MemoryDraft.of(MemoryKind.DECISION, "Tokens are JWTs because …"));
 * }
 * }</pre>
 */
public final class Colony implements AutoCloseable {

    private final StorageProvider storage;
    private final SearchIndex index;
    private final SignalHub signals;
    private final Kernel kernel;
    private final SessionRegistry sessions;
    private final ToolMetricWriter metrics;
    private final RunHub runs;
    /** The longest a close waits for the embedder's model to finish loading. */
    private static final Duration WARM_UP_WAIT = Duration.ofSeconds(30);

    private final AtomicBoolean closed = new AtomicBoolean();
    private final EmbedderWarmUp warmUp;

    private Colony(Builder builder) {
        this.storage = builder.storage;
        this.warmUp = (builder.warmUpEmbedder || builder.keywordWhileLoading) && builder.embedder != null
                ? EmbedderWarmUp.start(builder.embedder) : null;
        BooleanSupplier modelLoading = builder.keywordWhileLoading && warmUp != null ? warmUp::running : () -> false;
        TimeSource time = new TimeSource(builder.clock);
        SearchIndex opened = null;
        RunHub hub;
        try {
            hub = new RunHub(storage, time, builder.runSettings);
            if (builder.search != null) {
                opened = ReopeningIndex.open(builder.search, MemorySource.over(storage), builder.clock);
            }
        } catch (RuntimeException e) {
            if (warmUp != null) {
                warmUp.awaitDone(WARM_UP_WAIT);
            }
            storage.close();
            throw e;
        }
        this.index = opened;
        if (opened != null) {
            // The store says when a commit moved a memory's rev; the index then catches up at once.
            storage.onMemoryCommit(opened::changed);
        }
        Optional<Embedder> embedder = Optional.ofNullable(builder.embedder);
        Access access = new Access(time);
        this.signals = new SignalHub(storage, time, access);
        this.runs = hub;
        this.kernel = new Kernel(storage, time, access, Optional.ofNullable(opened), embedder,
                builder.claimPolicy, new VectorState(storage, embedder), modelLoading);
        signals.sweepInBackground();
        this.sessions = new SessionLauncher(kernel);
        runs.bind(actor -> new RunService(actor, kernel, runs), start -> sessions.ensure(start).actor());
        this.metrics = new ToolMetricWriter(storage, builder.clock, builder.metricsInterval);
    }

    /** A builder; only {@link Builder#storage} is required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Announces sessions: {@code colony.sessions().ensure(start).actor()} is the usual way to obtain the
     * actor that {@link #as} takes.
     */
    public SessionRegistry sessions() {
        ensureOpen();
        return sessions;
    }

    /**
     * Everything {@code actor} may do, as {@code actor}: its memories, its sessions and (as they arrive)
     * its coordination services. Every read is limited to the namespaces the actor may read; writes are
     * attributed to its session. The scope is cheap; create one per caller as needed.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} when {@code actor} is null
     */
    public CallerScope as(Actor actor) {
        ensureOpen();
        if (actor == null) {
            throw ColonyException.invalid("actor", "is required");
        }
        return new CallerScopes(actor, kernel, signals, runs);
    }

    /**
     * The record of tool calls: adapters record one row per call, reports read them. Rows are written
     * in batches off the caller's thread and on {@link #close}.
     */
    public ToolMetrics metrics() {
        ensureOpen();
        return metrics;
    }

    /** The clock every timestamp of this Colony comes from. */
    public Clock clock() {
        return kernel.time().clock();
    }

    /**
     * The store owner's operations, with no caller's access asked (what {@code colony forget}, {@code reindex},
     * {@code export} and {@code import} run): forget and purge memories, re-embed the store after the embedding
     * model changed, export a user's archive and restore one into an empty store.
     */
    public ColonyAdmin admin() {
        ensureOpen();
        return new StoreAdmin(kernel);
    }

    /**
     * Reads, parses and edits a repository's {@code SPEC.md} (sections, id-keyed rows, always-on invariants, the root
     * hash). It needs no caller and touches no store: only the text or the repository root it is given.
     */
    public Specs specs() {
        ensureOpen();
        return SpecService.INSTANCE;
    }

    /**
     * Deletes the signals whose expiry has passed, now rather than at the next periodic sweep (a Colony
     * sweeps when it opens, and hourly while it delivers signals). Expired signals are never shown either way.
     *
     * @return how many were deleted
     */
    public int sweepSignals() {
        ensureOpen();
        return signals.sweep();
    }

    /** Whether this Colony executes shell runs: enabled in its run settings, with a directory for their output. */
    public boolean executesShellRuns() {
        return runs.executesShells();
    }

    /** The run hub, for tests of this package (the stall watchdog, the orphan sweep). */
    RunHub runHub() {
        return runs;
    }

    /**
     * The storage provider under this Colony, for diagnostics, tests and benchmarks. Reads and writes through it
     * bypass the access gate and every domain rule: an agent's code uses {@link #as} and {@link #admin} instead.
     */
    public StorageProvider storage() {
        return storage;
    }

    /**
     * Whether searches rank by words only because the embedder's model is still loading in the background (see
     * {@link Builder#keywordWhileEmbedderLoads}); always {@code false} for a Colony built without that option.
     */
    public boolean embedderLoading() {
        return kernel.modelLoading().getAsBoolean();
    }

    /**
     * How many memories' changes searches cannot see yet because the search index is catching up with the store
     * in the background (a rebuild, a first open on a store written elsewhere); 0 when searches see every change
     * or no index is configured. See {@link SearchIndex#backlog()}.
     */
    public long searchBacklog() {
        return index == null ? 0 : index.backlog();
    }

    /** Whether a search index is configured. */
    public boolean searchable() {
        return index != null;
    }

    /**
     * Kills the shell runs this Colony started (recording them killed), stops signal deliveries, writes the
     * queued tool metrics, closes the search index, then the storage provider. Idempotent.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            if (warmUp != null) {
                warmUp.awaitDone(WARM_UP_WAIT);
            }
            try {
                runs.close();
                signals.close();
                metrics.close();
                if (index != null) {
                    storage.onMemoryCommit(null);
                    index.close();
                }
            } finally {
                storage.close();
            }
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new ColonyException(ErrorCode.CLOSED, "this Colony has been closed");
        }
    }

    /** Assembles a {@link Colony}. Not thread-safe; use it from one thread. */
    public static final class Builder {

        private StorageProvider storage;
        private SearchIndexFactory search;
        private Embedder embedder;
        private Clock clock = Clock.systemUTC();
        private Duration metricsInterval = ToolMetricWriter.DEFAULT_INTERVAL;
        private ClaimPolicy claimPolicy = ClaimPolicy.DEFAULT;
        private boolean warmUpEmbedder;
        private boolean keywordWhileLoading;
        private RunSettings runSettings = RunSettings.defaults();

        private Builder() {
        }

        /** The storage provider (required). The Colony owns it and closes it. */
        public Builder storage(StorageProvider provider) {
            this.storage = Objects.requireNonNull(provider, "storage");
            return this;
        }

        /**
         * The search index factory; without one, {@link MemoryStore#search} is unavailable. An index that cannot
         * be opened does not stop the Colony: searches fail with {@code SEARCH_UNAVAILABLE} until a later one
         * opens it (see {@link ReopeningIndex}).
         */
        public Builder search(SearchIndexFactory factory) {
            this.search = Objects.requireNonNull(factory, "search");
            return this;
        }

        /** The embedder; with one, each memory's vector is computed on add and stored. */
        public Builder embedder(Embedder value) {
            this.embedder = Objects.requireNonNull(value, "embedder");
            return this;
        }

        /**
         * Whether the embedder {@linkplain Embedder#prepare() loads its model} on a background thread as
         * soon as the Colony starts opening, in parallel with the store and the index, rather than on the
         * first embedding (default {@code false}). For a process that will search or write soon, such as a
         * server, this takes the model's load (about half a second) off its first answer; a short-lived
         * process that may never embed should leave it off.
         */
        public Builder warmUpEmbedder(boolean value) {
            this.warmUpEmbedder = value;
            return this;
        }

        /**
         * Whether a search that would rank by meaning, asked while the embedder's model still loads in the
         * background, ranks by words instead of waiting for the model (default {@code false}: it waits). Implies
         * {@link #warmUpEmbedder}. For a server whose first search should answer at once: it reports the mode it
         * ranked by ({@link MemoryStore#searchMode}), and {@link Colony#embedderLoading()} says why. Writes still
         * wait for the model, so every memory gets its vector.
         */
        public Builder keywordWhileEmbedderLoads(boolean value) {
            this.keywordWhileLoading = value;
            return this;
        }

        /**
         * How runs are executed: the slots shared by every process of the store, whether shell runs execute and
         * where their output goes, the longest timeout, and the delegation policy this Colony declares to its store
         * (default {@link RunSettings#defaults()}: shell runs off, no policy declared).
         */
        public Builder runs(RunSettings value) {
            this.runSettings = Objects.requireNonNull(value, "runs");
            return this;
        }

        /** The clock for every timestamp and expiry (default: the UTC system clock). */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * The rules for file claims: age classes, when an owner counts as idle, the protected branches
         * (default {@link ClaimPolicy#DEFAULT}).
         */
        public Builder claimPolicy(ClaimPolicy value) {
            this.claimPolicy = Objects.requireNonNull(value, "claimPolicy");
            return this;
        }

        /**
         * The longest time, on the Colony's clock, a recorded tool metric waits before it is written
         * (default one second).
         */
        public Builder metricsInterval(Duration value) {
            Objects.requireNonNull(value, "metricsInterval");
            if (value.isNegative() || value.isZero()) {
                throw ColonyException.invalid("metricsInterval", "must be positive");
            }
            this.metricsInterval = value;
            return this;
        }

        /**
         * Builds the Colony and opens the search index, which may rebuild itself from the store, then declares the
         * delegation policy of the run settings, if they name one. The storage provider brought its schema up to
         * date when it was opened.
         *
         * @throws ColonyException {@code INVALID_ARGUMENT} when no storage provider was given;
         *     {@code POLICY_CONFLICT} when the store keeps another delegation policy (nothing stays open)
         */
        public Colony build() {
            if (storage == null) {
                throw ColonyException.invalid("storage", "is required");
            }
            Colony colony = new Colony(this);
            if (runSettings.members() != null) {
                try {
                    new Delegation(colony.kernel).declare(runSettings.members());
                } catch (RuntimeException e) {
                    colony.close();
                    throw e;
                }
            }
            return colony;
        }
    }
}
