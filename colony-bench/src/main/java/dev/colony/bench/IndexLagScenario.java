package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code index.lag}: process A ({@link IndexLagWriter}, a second JVM that opened the store first and
 * so holds the index's write lock) adds a memory holding a new word; this process, B, searches for
 * the word in a loop until it finds the memory. The lag runs from the moment B asks A to add until
 * B's search returns the memory, so it includes A's add and the pipe between them. The baseline is
 * the same loop polling the store for the new rev instead of searching: how long the store itself
 * takes to show a write of another process. The store holds {@code size} memories first.
 */
final class IndexLagScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 50.0;
    private static final int OPERATIONS = 500;
    private static final int WARM_UP = 100;
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(30);

    @Override
    public String name() {
        return "index.lag";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws Exception {
        Path db = options.workDir().resolve("colony.db");
        Actor actor = KeywordSearchScenario.fill(db, size, new Corpus(options.seed(), 20_000));
        Latencies search = new Latencies(OPERATIONS * options.rounds());
        Latencies store = new Latencies(OPERATIONS * options.rounds());
        Path stderr = options.workDir().resolve("writer-stderr.txt");
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), IndexLagWriter.class.getName(), db.toString())
                .redirectError(stderr.toFile()).start();
        try (PrintStream commands = new PrintStream(writer.getOutputStream(), true, StandardCharsets.UTF_8);
                BufferedReader answers = new BufferedReader(
                        new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            expect(answers.readLine(), "READY", stderr);
            try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                    .search(LuceneSearch.besideStore()).build()) {
                MemoryStore memory = colony.as(actor).memories();
                StorageProvider storage = colony.storage();
                long serial = 0;
                for (int i = 0; i < WARM_UP; i++) {
                    viaSearch(memory, commands, answers, Tokens.unique("w", serial++), null, stderr);
                    viaStore(storage, commands, answers, Tokens.unique("w", serial++), null, stderr);
                }
                for (int round = 0; round < options.rounds(); round++) {
                    long start = System.nanoTime();
                    for (int i = 0; i < OPERATIONS; i++) {
                        viaSearch(memory, commands, answers, Tokens.unique("l", serial++), search, stderr);
                    }
                    search.addWall(System.nanoTime() - start);
                    start = System.nanoTime();
                    for (int i = 0; i < OPERATIONS; i++) {
                        viaStore(storage, commands, answers, Tokens.unique("l", serial++), store, stderr);
                    }
                    store.addWall(System.nanoTime() - start);
                }
            }
        } finally {
            if (!writer.waitFor(60, TimeUnit.SECONDS)) {
                writer.destroyForcibly();
            }
        }
        boolean met = search.percentileMillis(95) <= TARGET_P95_MILLIS;
        return new Result(name(), size, search, store, "p95 lag until found by search / p95 lag until the store shows it",
                search.percentileMillis(95) / Math.max(store.percentileMillis(95), 1e-6),
                String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS), met,
                String.format(Locale.ROOT, "%d memories stored first; A holds the index write lock, B searches "
                        + "its last commit plus what it adds itself; times include A's add and the pipe", size));
    }

    /** Asks A to add a memory holding {@code word}, then searches until it is found. */
    private static void viaSearch(MemoryStore memory, PrintStream commands, BufferedReader answers, String word,
            Latencies into, Path stderr) throws IOException {
        long t0 = System.nanoTime();
        commands.println("ADD " + word);
        List<SearchHit> hits;
        do {
            hits = memory.search(SearchQuery.of(word));
            giveUpAfter(t0, word);
        } while (hits.isEmpty());
        long lag = System.nanoTime() - t0;
        String answer = answers.readLine();
        expect(answer == null ? null : answer.split(" ")[0], "ADDED", stderr);
        if (hits.get(0).id().value() != Long.parseLong(answer.substring("ADDED ".length()))) {
            throw new IllegalStateException("the search for " + word + " found another memory: " + hits);
        }
        if (into != null) {
            into.record(lag);
        }
    }

    /** Asks A to add a memory, then polls the store until its latest rev moves. */
    private static void viaStore(StorageProvider storage, PrintStream commands, BufferedReader answers, String word,
            Latencies into, Path stderr) throws IOException {
        long before = storage.read(tx -> tx.memoryFeed().latestRev());
        long t0 = System.nanoTime();
        commands.println("ADD " + word);
        while (storage.read(tx -> tx.memoryFeed().latestRev()) == before) {
            giveUpAfter(t0, word);
        }
        long lag = System.nanoTime() - t0;
        String answer = answers.readLine();
        expect(answer == null ? null : answer.split(" ")[0], "ADDED", stderr);
        if (into != null) {
            into.record(lag);
        }
    }

    private static void giveUpAfter(long t0, String word) {
        if (System.nanoTime() - t0 > GIVE_UP_NANOS) {
            throw new IllegalStateException("process B never found " + word);
        }
    }

    private static void expect(String answer, String expected, Path stderr) throws IOException {
        if (!expected.equals(answer)) {
            String errors = Files.exists(stderr) ? Files.readString(stderr) : "";
            throw new IllegalStateException("process A answered " + answer + " instead of " + expected
                    + "; its stderr:\n" + errors);
        }
    }
}
