package dev.colony.search.lucene;

import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;

/**
 * The snapshot that searches of one {@link LuceneSearchIndex} run on, and the layers it is made of: the base (the
 * writer's reader, or a reader's last commit and overlay) and the {@link FreshLayer} that searches fill
 * themselves. It also holds the damage found while serving, because finding it drops the layers at once.
 *
 * <p>Every change of the layers takes the publishing lock, after the index's work lock when both are needed and
 * only for short moments; searches read the published snapshot without it, taking a reference on its reader.
 */
final class PublishedLayers {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());
    /** The fresh layer never grows beyond this; the background indexer drains it. */
    private static final int FRESH_MAX = 256;

    private final IndexContext context;
    private final SnippetFormatter formatter = new SnippetFormatter(LuceneSearch.SNIPPET_MAX_CHARS);
    /**
     * Serialises changes of the published layers ({@link #base}, {@link #fresh}, {@link #view}).
     * Taken after the work lock when both are needed, and only for short moments.
     */
    private final ReentrantLock views = new ReentrantLock();

    /** The published snapshot; searches take a reference on its reader. */
    private volatile Snapshot view;
    /** Damage found while serving and not repaired yet; the background thread repairs it. */
    private volatile Throwable damage;

    // Published layers; guarded by views.
    private Base base = Base.EMPTY;
    private final FreshLayer fresh;

    /**
     * The oldest layer as published: its leaves (some of them masks this index created and owns),
     * and the rev up to which it holds every change.
     */
    record Base(List<IndexReader> leaves, List<IndexReader> owned, long through) {
        static final Base EMPTY = new Base(List.of(), List.of(), 0);
    }

    PublishedLayers(IndexContext context) {
        this.context = context;
        this.fresh = new FreshLayer(context.analyzer());
    }

    /** The publishing lock, for closing, which holds it while it releases everything. */
    ReentrantLock lock() {
        return views;
    }

    /** The damage found while serving and not repaired yet, or {@code null}. */
    Throwable damage() {
        return damage;
    }

    /** Forgets the damage, under the publishing lock: the repair has dropped what it concerned. */
    void repaired() {
        views.lock();
        try {
            damage = null;
        } finally {
            views.unlock();
        }
    }

    /** Forgets the damage without the lock, as a reopened directory does before it catches up again. */
    void forgetDamage() {
        damage = null;
    }

    /** Whether a snapshot was published yet. */
    boolean published() {
        return view != null;
    }

    /** A reference on the published snapshot. */
    Snapshot acquire() {
        while (true) {
            context.ensureOpen();
            Snapshot current = view;
            if (current.reader.tryIncRef()) {
                return current;
            }
            // The snapshot was replaced (or the index closed) after it was read: read the field again.
        }
    }

    /**
     * Adds {@code missing} (every change after some published coverage, complete up to the newest
     * one, which is therefore the store's latest rev when it was read) to the fresh layer and
     * publishes. Changes the layers already cover, because another search or the indexer got there
     * first, are skipped: adding an older version would hide a newer one below.
     *
     * @return whether the published layers now cover {@code missing}; not when the fresh layer is
     *     full (the background indexer has fallen behind) or the index is damaged
     */
    boolean addToFreshLayer(List<MemoryDocument> missing) throws IOException {
        views.lock();
        try {
            context.ensureOpen();
            long covered = fresh.through();
            long latest = missing.get(missing.size() - 1).rev();
            if (latest <= covered) {
                return true;
            }
            if (damage != null || fresh.size() + missing.size() > FRESH_MAX) {
                return false;
            }
            for (MemoryDocument change : missing) {
                if (change.rev() > covered) {
                    fresh.add(change);
                }
            }
            fresh.coverThrough(latest);
            publish();
            return true;
        } finally {
            views.unlock();
        }
    }

    /** How many memories the fresh layer holds. */
    int freshSize() {
        views.lock();
        try {
            return fresh.size();
        } finally {
            views.unlock();
        }
    }

    /** The rev up to which the published base holds every change. */
    long baseThrough() {
        views.lock();
        try {
            return base.through();
        } finally {
            views.unlock();
        }
    }

    /** Replaces the base layer and publishes; releases {@code next}'s owned masks if it is refused. */
    void installBase(Base next) throws IOException {
        views.lock();
        try {
            if (context.closed() || damage != null) {
                release(next.owned());
                return;
            }
            Base old = base;
            base = next;
            if (next.through() < old.through()) {
                fresh.clear();
            }
            fresh.dropThrough(next.through());
            fresh.coverThrough(next.through());
            publish();
            release(old.owned());
        } finally {
            views.unlock();
        }
    }

    /**
     * How the segments index the searchable text: as the first leaf of the base that has it describes it
     * (every segment describes it alike), else as the fresh layer's sample does.
     */
    private FieldInfo textField() {
        for (IndexReader leaf : base.leaves()) {
            FieldInfo text = ((LeafReader) leaf).getFieldInfos().fieldInfo(IndexLayout.TEXT);
            if (text != null) {
                return text;
            }
        }
        return fresh.segmentField(IndexLayout.TEXT);
    }

    /** Publishes a snapshot of the base and the fresh layer, the fresh layer's memories hidden below. */
    private void publish() throws IOException {
        List<IndexReader> parts = new ArrayList<>(base.leaves().size() + fresh.size());
        List<IndexReader> masks = new ArrayList<>();
        for (IndexReader leaf : base.leaves()) {
            LeafReader shown = MaskedLeaf.hiding((LeafReader) leaf, fresh.ids());
            if (shown != leaf) {
                masks.add(shown);
            }
            parts.add(shown);
        }
        parts.addAll(fresh.readers());
        Snapshot next;
        try {
            next = Snapshot.over(parts, context.analyzer(), formatter, textField(), fresh.through());
        } finally {
            // The snapshot took its own references; the masks are owned by it alone.
            release(masks);
        }
        Snapshot old = view;
        view = next;
        if (old != null) {
            old.reader.decRef();
        }
    }

    private static void release(List<IndexReader> owned) throws IOException {
        for (IndexReader reader : owned) {
            reader.decRef();
        }
    }

    /**
     * Records damage found while serving: drops the published layers at once (searches then see only
     * what is rebuilt).
     *
     * @return whether the background thread should be woken to repair it: not when the index is closed or
     *     already known to be damaged
     */
    boolean recordDamage(Throwable cause) {
        views.lock();
        try {
            if (context.closed() || damage != null) {
                return false;
            }
            damage = cause;
            LOG.log(System.Logger.Level.WARNING, "search index " + context.where() + " is damaged; rebuilding it in "
                    + "the background (searches see what is rebuilt so far)", cause);
            emptyLayers();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "dropping the damaged search index layers failed", e);
        } finally {
            views.unlock();
        }
        return true;
    }

    /** Publishes empty layers unless the index is closed: its directory cannot be used now. */
    void dropUnlessClosed() {
        views.lock();
        try {
            if (!context.closed()) {
                emptyLayers();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "dropping the search index layers failed", e);
        } finally {
            views.unlock();
        }
    }

    /** Publishes an empty base and fresh layer (under views): searches see nothing of the index until rebuilt. */
    private void emptyLayers() throws IOException {
        Base old = base;
        base = Base.EMPTY;
        fresh.clear();
        publish();
        release(old.owned());
    }

    /**
     * Releases the published snapshot and the base's masks, for closing (under the publishing lock).
     *
     * @return {@code failure} with what failed here added
     */
    IOException close(IOException failure) {
        if (view != null) {
            try {
                view.reader.decRef();
            } catch (IOException e) {
                failure = Closing.collect(failure, e);
            }
            view = null;
        }
        try {
            release(base.owned());
        } catch (IOException e) {
            failure = Closing.collect(failure, e);
        }
        base = Base.EMPTY;
        return failure;
    }

    /** The leaves of {@code reader}, as a base layer lists them. */
    static List<IndexReader> leaves(IndexReader reader) {
        List<IndexReader> leaves = new ArrayList<>(reader.leaves().size());
        for (LeafReaderContext leaf : reader.leaves()) {
            leaves.add(leaf.reader());
        }
        return List.copyOf(leaves);
    }
}
