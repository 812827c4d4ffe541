package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.Update;

/**
 * {@code memory.add}: Colony's validated, transactional add against the cheapest raw write of the same
 * row — one reused JDBC {@code PreparedStatement} — into a table of the same shape (created from the
 * store's own definition of {@code memories}) in the same SQLite file, through connections with the same
 * pragmas. A per-call Jdbi insert is measured too and reported beside it.
 *
 * <p>Both sides run one row per transaction (the raw side in auto-commit mode, which is one implicit
 * transaction per statement) and alternate for several rounds, so drift of the machine affects both.
 */
final class MemoryAddScenario implements Scenario {

    static final double TARGET_RATIO = 0.30;

    /** Both timed sides; its raw rows' revs continue across runs of this scenario. */
    private final AddLoops loops = new AddLoops();

    private static final String RAW_INSERT = "INSERT INTO bench_raw_memories (namespace_id, session_id, kind, "
            + "content, topics, macro_topics, created_at, updated_at, metadata, rev) "
            + "VALUES (:ns, :session, :kind, :content, :topics, :macro, :ts, :ts, :metadata, :rev)";

    @Override
    public String name() {
        return "memory.add";
    }

    @Override
    public int defaultSize() {
        return 20_000;
    }

    @Override
    public Result run(int size, BenchOptions options) {
        Path db = options.workDir().resolve("colony.db");
        Corpus corpus = new Corpus(options.seed(), 2_000);
        int perRound = Math.max(1, size / options.rounds());
        List<String> contents = java.util.stream.IntStream.range(0, perRound)
                .mapToObj(i -> "Decision " + i + ": " + corpus.sentence(12, 30)).toList();
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        Latencies preparedSide = new Latencies(perRound * options.rounds());
        SqliteStorageProvider provider = SqliteStorageProvider.open(db);
        try (Colony colony = Colony.builder().storage(provider).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            MemoryStore memory = colony.as(actor).memories();
            long namespace = memory.add(MemoryDraft.of(MemoryKind.FACT, "Warm-up memory")).namespace().value();
            Jdbi raw = Jdbi.create(provider.baselineDataSource());
            try (Handle handle = raw.open()) {
                createRawTable(handle);
                try (PreparedStatement prepared = handle.getConnection().prepareStatement(AddLoops.PREPARED_INSERT)) {
                    int warmup = Math.min(2_000, perRound);
                    runRaw(handle, namespace, actor, contents.subList(0, warmup), null);
                    loops.prepared(prepared, namespace, actor, contents.subList(0, warmup), null);
                    AddLoops.colony(memory, contents.subList(0, warmup), null);
                    for (int round = 0; round < options.rounds(); round++) {
                        runRaw(handle, namespace, actor, contents, rawSide);
                        loops.prepared(prepared, namespace, actor, contents, preparedSide);
                        AddLoops.colony(memory, contents, colonySide);
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("raw baseline failed: " + e.getMessage(), e);
            }
        }
        double ratio = colonySide.opsPerSecond() / preparedSide.opsPerSecond();
        return new Result(name(), size, colonySide, preparedSide,
                "ops/s of Colony add / ops/s of one reused JDBC PreparedStatement insert", ratio,
                String.format(Locale.ROOT, "ratio >= %.2f", TARGET_RATIO), ratio >= TARGET_RATIO,
                String.format(Locale.ROOT, "SQLite file, WAL, synchronous=NORMAL, one row per transaction on every "
                        + "side; the baseline binds and runs one PreparedStatement prepared once, the cheapest way to "
                        + "write the row; against a raw Jdbi insert that prepares per call (%.0f ops/s, p50 %.3f ms) "
                        + "the ratio is %.3f", rawSide.opsPerSecond(), rawSide.percentileMillis(50),
                        colonySide.opsPerSecond() / rawSide.opsPerSecond()));
    }

    /**
     * Creates {@code bench_raw_memories} from the store's own definition of {@code memories} (read back
     * from {@code sqlite_master}), with the same columns, constraints and indexes, so the two sides
     * write rows of exactly the same shape.
     */
    static void createRawTable(Handle handle) {
        String table = handle.createQuery("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'memories'")
                .mapTo(String.class).one();
        handle.execute(table.replaceFirst("CREATE TABLE memories", "CREATE TABLE bench_raw_memories"));
        List<String> indexes = handle.createQuery("SELECT sql FROM sqlite_master WHERE type = 'index' "
                        + "AND tbl_name = 'memories' AND sql IS NOT NULL")
                .mapTo(String.class).list();
        for (String index : indexes) {
            handle.execute(index.replaceFirst("INDEX (\\w+) ON memories ", "INDEX bench_raw_$1 ON bench_raw_memories "));
        }
    }

    private void runRaw(Handle handle, long namespace, Actor actor, List<String> contents, Latencies into) {
        long start = System.nanoTime();
        for (String content : contents) {
            long t0 = System.nanoTime();
            try (Update update = handle.createUpdate(RAW_INSERT)) {
                update.bind("ns", namespace)
                        .bind("session", actor.session().value())
                        .bind("kind", "decision")
                        .bind("content", content)
                        .bind("topics", "[\"bench\",\"decision\"]")
                        .bind("macro", "[]")
                        .bind("ts", System.currentTimeMillis())
                        .bind("metadata", "{}")
                        .bind("rev", loops.nextRev())
                        .execute();
            }
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }
}
