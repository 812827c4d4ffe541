package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Entry points of the Lucene search index: each returns a {@link LuceneIndexFactory} (a
 * {@link dev.colony.spi.search.SearchIndexFactory}) to hand to the Colony builder.
 *
 * <pre>{@code
 * SearchIndexFactory search = LuceneSearch.besideStore();          // colony.db -> colony.index/
 * SearchIndexFactory fixed  = LuceneSearch.at(Path.of("/var/colony/idx"));
 * SearchIndexFactory memory = LuceneSearch.inMemory();             // tests, throwaway stores
 * }</pre>
 *
 * <p>Ranking is BM25 over one text per memory (content, topics, macro topics as {@code [name]}, ref,
 * artifact) and, at half weight, the content of the memory its session wrote before it in the same namespace,
 * so that a reply is found by the words of what it answers. Memories of kind {@code result} score
 * {@link #RESULT_DEMOTION} times their BM25 score. A hit's snippet is cut from the memory's content alone.
 * The index is a cache of the store that tails its change feed by rev, replacing a changed memory's
 * document by id, and rebuilds when it is missing, damaged, of another {@link #FORMAT_VERSION}, of
 * another store, or ahead of the store (a store restored from a backup).
 */
public final class LuceneSearch {

    /**
     * Version of the document layout and analysis. An index recorded with another version is rebuilt
     * from the store.
     */
    public static final int FORMAT_VERSION = 10;

    /**
     * Factor applied to the score of memories whose kind is demoted in search ({@code result}), so
     * that task output ranks below the tasks and decisions it came from unless it matches much better.
     */
    public static final float RESULT_DEMOTION = 0.5f;

    /** Longest snippet of a hit, in characters (UTF-16 code units). */
    public static final int SNIPPET_MAX_CHARS = 160;

    /**
     * Suffix of the index directory kept beside a database file: {@code colony.db} gets
     * {@code colony.index} (the last extension of the file name is replaced).
     */
    public static final String INDEX_DIRECTORY_SUFFIX = ".index";

    /** How often, at most, a process without the write lock tries to take it over (Colony clock). */
    public static final Duration DEFAULT_TAKEOVER_INTERVAL = Duration.ofSeconds(2);

    /** How often the writer commits what it indexed (Colony clock); it also commits on close. */
    public static final Duration DEFAULT_COMMIT_INTERVAL = Duration.ofSeconds(1);

    /** How often the background thread looks for changes other processes made. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(100);

    /**
     * The least time between two background steps while the index is being searched, so that a burst
     * of writes is indexed in batches.
     */
    public static final Duration MIN_STEP_GAP = Duration.ofMillis(10);

    /**
     * The least time between two background steps when nobody has searched the index for
     * {@link #SEARCHED_RECENTLY}: fewer, larger segments while agents only write (a search first reads
     * what is missing itself, so this delays nothing it finds).
     */
    public static final Duration IDLE_STEP_GAP = Duration.ofMillis(100);

    /**
     * The least time between two reopenings of the writer's reader while the index is being searched. A search
     * adds the few changes its snapshot misses itself (see {@link #INLINE_CHANGES}), so reopening after every
     * background step (a flushed segment, later merged, on every write) would only add work beside the search
     * and segments to it. The reader is reopened sooner when a search waits for the background thread, or when
     * the changes searches added themselves reach {@link #INLINE_CHANGES}.
     */
    public static final Duration REFRESH_GAP = Duration.ofMillis(200);

    /** How long after a search the index counts as being searched. */
    public static final Duration SEARCHED_RECENTLY = Duration.ofSeconds(1);

    /** How many changes are read from the store per batch. */
    public static final int DEFAULT_BATCH_SIZE = 1_000;

    /**
     * The most changes a search adds to the index itself when the index is behind the store, so that
     * a write is found by the very next search; a larger backlog is left to the background thread.
     */
    public static final int INLINE_CHANGES = 64;

    /**
     * The open catch-up limit of a long-running server ({@link LuceneIndexFactory#withOpenCatchUpLimit}): the
     * backlog a search would wait for anyway; an index further behind catches up in the background, so that the
     * server answers at once. The MCP server and the Spring Boot starter open with it.
     */
    public static final long SERVING_OPEN_CATCH_UP = SnapshotSearcher.WAITED_BACKLOG;

    private LuceneSearch() {
    }

    /**
     * An index in a directory beside the store's database file ({@code colony.db} gets
     * {@code colony.index/} next to it), shared by every process that opens that store. A store
     * without a file (in-memory) gets an in-memory index.
     */
    public static LuceneIndexFactory besideStore() {
        return new LuceneIndexFactory(LuceneIndexFactory.Placement.BESIDE_STORE, null);
    }

    /**
     * An index kept as a per-machine cache under {@code home} (Colony's home directory, e.g.
     * {@code ~/.colony}): {@code home/index/<storeId>/}. For a store without a local file, such as one
     * on a database server that several machines share: each machine keeps its own index, built from
     * the store and tailing its change feed, shared by the processes of that machine; the store id
     * keeps the caches of different stores apart.
     */
    public static LuceneIndexFactory cachedUnder(Path home) {
        if (home == null) {
            throw ColonyException.invalid("home", "must not be null");
        }
        return new LuceneIndexFactory(LuceneIndexFactory.Placement.CACHED_UNDER, home);
    }

    /**
     * The directory {@link #cachedUnder(Path)} uses for the store {@code storeId}: {@code home/index/}
     * and the store id, reduced to letters, digits, {@code -} and {@code _} (a store id is a UUID, so
     * this changes nothing for Colony's own stores).
     */
    public static Path cacheDirectory(Path home, String storeId) {
        String name = storeId == null ? "" : storeId.replaceAll("[^A-Za-z0-9_-]", "_");
        if (name.isEmpty() || name.length() > 100) {
            throw ColonyException.invalid("storeId", "must be 1 to 100 characters to name a cache directory");
        }
        return home.resolve("index").resolve(name);
    }

    /** An index in {@code directory} (created when missing), shared by every process that opens it. */
    public static LuceneIndexFactory at(Path directory) {
        if (directory == null) {
            throw ColonyException.invalid("directory", "must not be null");
        }
        return new LuceneIndexFactory(LuceneIndexFactory.Placement.AT_PATH, directory);
    }

    /** An index held in memory only, rebuilt from the store each time it is opened. */
    public static LuceneIndexFactory inMemory() {
        return new LuceneIndexFactory(LuceneIndexFactory.Placement.IN_MEMORY, null);
    }

    /**
     * The index directory {@link #besideStore()} uses for a database file: the file name with its
     * last extension replaced by {@link #INDEX_DIRECTORY_SUFFIX}, in the same directory.
     */
    public static Path indexDirectoryBeside(Path databaseFile) {
        Path name = databaseFile == null ? null : databaseFile.getFileName();
        if (name == null) {
            throw ColonyException.invalid("databaseFile", "must be a file path, was " + databaseFile);
        }
        String file = name.toString();
        int dot = file.lastIndexOf('.');
        String base = dot > 0 ? file.substring(0, dot) : file;
        return databaseFile.resolveSibling(base + INDEX_DIRECTORY_SUFFIX);
    }
}
